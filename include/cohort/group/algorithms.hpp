// SPDX-License-Identifier: MIT
#pragma once
// All SYCL 2020 group functions.
#include <cohort/group/barrier.hpp>
#include <cohort/group/broadcast.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/group/scan.hpp>
#include <cohort/group/shuffle.hpp>
#include <cohort/group/vote.hpp>
