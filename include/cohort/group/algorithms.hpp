// SPDX-License-Identifier: MIT
#pragma once
// All SYCL 2020 group functions.
#include <cohort/group/barrier.hpp>
#include <cohort/group/broadcast.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/group/scan.hpp>
#include <cohort/group/shuffle.hpp>
#include <cohort/group/vote.hpp>
// cohort extensions: sub-group masks (ballot, match) and the leader broadcast.
#include <cohort/group/ext/ballot.hpp>
#include <cohort/group/ext/leader_broadcast.hpp>
#include <cohort/group/ext/match.hpp>
#include <cohort/group/ext/sub_group_mask.hpp>
