// SPDX-License-Identifier: MIT
#pragma once
// Umbrella header of the device-wide algorithms (not part of cohort.hpp: a translation
// unit that uses none of them does not parse them).
#include <cohort/algorithm/copy_if.hpp>
#include <cohort/algorithm/histogram.hpp>
#include <cohort/algorithm/min_max_element.hpp>
#include <cohort/algorithm/radix_sort.hpp>
#include <cohort/algorithm/reduce.hpp>
#include <cohort/algorithm/scan.hpp>
#include <cohort/algorithm/segmented_reduce.hpp>
#include <cohort/algorithm/temporary_storage.hpp>
