// SPDX-License-Identifier: MIT
#include "executor.hpp"

namespace cohort::detail {

executor& executor::instance() {
  static executor e;
  return e;
}

}  // namespace cohort::detail
