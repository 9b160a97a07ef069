// SPDX-License-Identifier: MIT
#pragma once
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace cohort {

/// Error codes of SYCL 2020 (`sycl::errc`), carried by cohort::exception.
enum class errc {
  success = 0,
  runtime,
  kernel,
  accessor,
  nd_range,
  event,
  kernel_argument,
  build,
  invalid,
  memory_allocation,
  platform,
  profiling,
  feature_not_supported,
  kernel_not_supported,
  backend_mismatch,
};

const std::error_category& cohort_category() noexcept;

inline std::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), cohort_category()};
}

/// The one exception type of the library (as `sycl::exception`).
class exception : public std::exception {
public:
  /// what() is the code's message, then `what_arg` (say "invalid nd_range: parallel_for(nd_range): ...").
  exception(std::error_code ec, const std::string& what_arg);
  explicit exception(std::error_code ec) : exception(ec, "") {}
  exception(errc e, const std::string& what_arg) : exception(make_error_code(e), what_arg) {}

  const std::error_code& code() const noexcept { return m_code; }
  const std::error_category& category() const noexcept { return m_code.category(); }
  const char* what() const noexcept override { return m_what.c_str(); }

private:
  std::error_code m_code;
  std::string m_what;
};

/// Asynchronous errors handed to a queue's async_handler.
class exception_list {
public:
  using value_type = std::exception_ptr;
  using const_iterator = std::vector<std::exception_ptr>::const_iterator;
  std::size_t size() const { return m_list.size(); }
  const_iterator begin() const { return m_list.begin(); }
  const_iterator end() const { return m_list.end(); }
  void push_back(std::exception_ptr e);  // the runtime's (compiled in src/)

private:
  std::vector<std::exception_ptr> m_list;
};

using async_handler = std::function<void(exception_list)>;

}  // namespace cohort

template <>
struct std::is_error_code_enum<cohort::errc> : std::true_type {};
