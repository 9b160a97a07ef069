// SPDX-License-Identifier: MIT
#include <string>

#include <cohort/core/exception.hpp>

namespace cohort {

void exception_list::push_back(std::exception_ptr e) { m_list.push_back(std::move(e)); }

namespace detail {
class cohort_error_category final : public std::error_category {
public:
  const char* name() const noexcept override { return "cohort"; }
  std::string message(int code) const override {
    switch (static_cast<errc>(code)) {
      case errc::success: return "success";
      case errc::runtime: return "runtime error";
      case errc::kernel: return "kernel error";
      case errc::accessor: return "accessor error";
      case errc::nd_range: return "invalid nd_range";
      case errc::event: return "event error";
      case errc::kernel_argument: return "invalid kernel argument";
      case errc::build: return "build error";
      case errc::invalid: return "invalid argument or state";
      case errc::memory_allocation: return "memory allocation failure";
      case errc::platform: return "platform error";
      case errc::profiling: return "profiling not enabled";
      case errc::feature_not_supported: return "feature not supported";
      case errc::kernel_not_supported: return "kernel not supported by the device";
      case errc::backend_mismatch: return "backend mismatch";
    }
    return "unknown cohort error";
  }
};
}  // namespace detail

const std::error_category& cohort_category() noexcept {
  static const detail::cohort_error_category category;
  return category;
}

exception::exception(std::error_code ec, const std::string& what_arg)
    : m_code(ec), m_what(what_arg.empty() ? ec.message() : ec.message() + ": " + what_arg) {}

}  // namespace cohort
