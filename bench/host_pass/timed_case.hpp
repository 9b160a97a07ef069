// SPDX-License-Identifier: MIT
#pragma once
// One case of cohort-host-pass: a kernel run timed on its own, with what it needs around
// the timed part. Every callback is host code; only `run` submits kernels.
#include <cstddef>
#include <functional>
#include <string>

namespace host_pass {
namespace {  // one translation unit: main.cpp

struct timed_case {
  std::string name;
  std::function<void()> setup;     // allocate and fill, once
  std::function<void()> prepare;   // restore inputs, poison outputs: before every run
  std::function<void()> run;       // the timed part: submit and wait
  std::function<std::string()> check;  // empty when the last run's result is right
  std::function<void()> teardown;  // free, so that cases never add up in memory
};

/// Problem sizes: each case runs some 10-50 ms on two cores, or milliseconds with --quick.
struct sizes {
  std::size_t triad, reduction_nd_range, reduction_loops, segments_nd_range, segments_loops, nbody,
      barrier_items, collective_items;
};

inline sizes pick_sizes(bool quick) {
  if (quick) return {1u << 20, 1u << 16, 1u << 20, 1u << 16, 1u << 20, 1024, 1u << 12, 1u << 10};
  return {1u << 25, 1u << 19, 1u << 25, 1u << 19, 1u << 25, 4096, 1u << 14, 1u << 13};
}

/// "" when got == want, else a message naming where.
template <typename T>
std::string mismatch(const char* what, std::size_t where, T got, T want) {
  if (got == want) return {};
  return std::string(what) + " at " + std::to_string(where) + ": got " + std::to_string(got) + ", want " +
         std::to_string(want);
}

}  // namespace
}  // namespace host_pass
