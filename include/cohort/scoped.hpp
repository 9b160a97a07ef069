// SPDX-License-Identifier: MIT
#pragma once
// Scoped parallelism (AdaptiveCpp's v2 model): `q.parallel(num_groups, group_size,
// COHORT_LAMBDA(auto g) {...})` with distribute_items/distribute_groups/single_item,
// memory_environment and s_item, and the SYCL group algorithms on scoped groups.
#include <cohort/scoped/distribute.hpp>
#include <cohort/scoped/group_algorithms.hpp>
#include <cohort/scoped/memory_environment.hpp>
#include <cohort/scoped/s_item.hpp>
#include <cohort/scoped/scoped_group.hpp>
