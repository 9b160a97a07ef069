// SPDX-License-Identifier: MIT
#pragma once
// Umbrella header: the whole public API.
#include <cohort/core/exception.hpp>
#include <cohort/core/functional.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/h_item.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/core/marray.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/private_memory.hpp>
#include <cohort/core/range.hpp>
#include <cohort/core/sub_group.hpp>
#include <cohort/core/vec.hpp>
#include <cohort/group/algorithms.hpp>
#include <cohort/runtime/context.hpp>
#include <cohort/runtime/device.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/queue.hpp>
#include <cohort/runtime/selector.hpp>
#include <cohort/runtime/usm.hpp>
#include <cohort/scoped.hpp>
