// SPDX-License-Identifier: MIT
#pragma once
// CPU hooks of the sub-group extras (cohort::ext::ballot, match_any, match_all): each is
// one collective, i.e. one suspension round, and returns the raw 32-bit mask (bit i =
// local linear id i within the group); the shared code wraps it in a sub_group_mask.
// Groups of more than 32 items (a larger sub-group size, or a work-group) cannot be
// described by the mask: every item throws before the collective, so none waits.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include <cohort/backend/kernel_hooks.hpp>  // the declarations (with their attributes) first
#include <cohort/backend/cpu/compiler_pass.hpp>
#include <cohort/backend/cpu/group_ops.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/memory_scope.hpp>

namespace cohort::backends::cpu::extras {

inline constexpr std::size_t mask_bits = 32;

/// The group's slots in the work-group, after checking that a 32-bit mask covers it.
template <typename Group>
inline group_ops::scope mask_scope(const Group& g, const char* function) {
#if COHORT_CBS
  // Masks over a work-group have no loop form: the pass declines such a kernel.
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cbs::active()) __cohort_cbs_unsupported();
#endif
  if constexpr (Group::fence_scope == memory_scope::sub_group) {
    const std::size_t size = g.get_max_local_range()[0];
    if (size > mask_bits)
      throw cohort::exception(errc::feature_not_supported,
                              std::string("cohort::ext::") + function + ": sub-group size " + std::to_string(size) +
                                  " exceeds the 32 items a sub_group_mask holds");
    const std::size_t first = g.first_item_in_group();
    return {first, first + g.get_local_linear_range(), first + g.get_local_linear_id(), false};
  } else {
    const std::size_t size = g.get_local_linear_range();
    if (size > mask_bits)
      throw cohort::exception(errc::feature_not_supported,
                              std::string("cohort::ext::") + function + ": a work-group of " + std::to_string(size) +
                                  " items exceeds the 32 items a sub_group_mask holds");
    return {0, size, g.get_local_linear_id(), true};
  }
}

template <typename T>
inline bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace cohort::backends::cpu::extras

namespace cohort::detail::kernel_hooks {

namespace cpu = ::cohort::backends::cpu;

/// Bit i set when item i passed `true`; the same mask for every item.
template <typename Group>
COHORT_INLINE std::uint32_t group_ballot(const Group& g, bool pred) {
  return cpu::group_ops::collective_one_result<std::uint32_t>(cpu::extras::mask_scope(g, "ballot"), pred,
                                                         [](auto in, std::size_t count) {
                                                           std::uint32_t bits = 0;
                                                           for (std::size_t i = 0; i < count; ++i)
                                                             bits |= static_cast<std::uint32_t>(in[i]) << i;
                                                           return bits;
                                                         });
}

/// Each item gets the mask of the items whose `x` has the same bytes as its own.
template <typename Group, typename T>
COHORT_INLINE std::uint32_t group_match_any(const Group& g, const T& x) {
  return cpu::group_ops::collective_on_copies<std::uint32_t>(
      cpu::extras::mask_scope(g, "match_any"), x, [](const T* in, std::size_t count, std::uint32_t* out) {
        // One pass per distinct value: its class mask goes to all of its members.
        std::uint32_t done = 0;
        for (std::size_t i = 0; i < count; ++i) {
          if ((done >> i) & 1u) continue;
          std::uint32_t cls = 0;
          for (std::size_t j = i; j < count; ++j)
            if (cpu::extras::same_bits(in[i], in[j])) cls |= std::uint32_t{1} << j;
          for (std::size_t j = i; j < count; ++j)
            if ((cls >> j) & 1u) out[j] = cls;
          done |= cls;
        }
      });
}

/// All items' bits when every `x` has the same bytes, else 0; the same for every item.
template <typename Group, typename T>
COHORT_INLINE std::uint32_t group_match_all(const Group& g, const T& x) {
  return cpu::group_ops::collective_one_result<std::uint32_t>(
      cpu::extras::mask_scope(g, "match_all"), x, [](auto in, std::size_t count) -> std::uint32_t {
        const T first = in[0];
        for (std::size_t i = 1; i < count; ++i)
          if (!cpu::extras::same_bits(first, in[i])) return 0;
        return count >= cpu::extras::mask_bits ? ~std::uint32_t{0} : (std::uint32_t{1} << count) - 1;
      });
}

}  // namespace cohort::detail::kernel_hooks
