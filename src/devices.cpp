// SPDX-License-Identifier: MIT
#include <cohort/backend/list.hpp>
#include <cohort/runtime/commands.hpp>

namespace cohort::detail {

const std::vector<device_description>& device_registry() {
  static const std::vector<device_description> all = all_device_descriptions();
  return all;
}

}  // namespace cohort::detail
