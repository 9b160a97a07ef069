// SPDX-License-Identifier: MIT
#include "verify.hpp"

#include <cstdio>

namespace bench {

std::string describe_mismatch(const char* what, std::size_t index, double got, double expected, double rel_tol) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s[%zu] = %.17g, expected %.17g (relative tolerance %.3g)", what, index, got,
                expected, rel_tol);
  return buf;
}

}  // namespace bench
