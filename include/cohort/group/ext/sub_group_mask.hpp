// SPDX-License-Identifier: MIT
#pragma once
// cohort::ext::sub_group_mask: one bit per item of a sub-group (or of a work-group of at
// most 32 items), bit i standing for the item with local linear id i. It is what
// `ballot`, `match_any` and `match_all` return: the portable form of the 32-bit lane
// masks that CUDA's `__ballot_sync` / `__match_*_sync` return.
//
// size() is the number of items of the group the mask was made for (the actual size of
// a partial last sub-group, not the maximum); bits at or above size() are always clear,
// also after `~`, `<<`, `set`, or a construction from raw bits.
#include <cstddef>
#include <cstdint>

#include <cohort/detail/bits.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort::ext {

class sub_group_mask {
public:
  using bits_type = std::uint32_t;
  /// The largest group a mask describes (the CUDA warp).
  static constexpr std::size_t max_size = 32;

  /// An empty mask of `size` items (size is clamped to max_size).
  COHORT_INLINE constexpr explicit sub_group_mask(std::size_t size = 0) : m_size(clamp(size)) {}
  /// The mask whose bits are `bits` (bits at or above `size` are dropped).
  COHORT_INLINE constexpr sub_group_mask(bits_type bits, std::size_t size)
      : m_bits(bits & valid_bits(clamp(size))), m_size(clamp(size)) {}
  /// Every one of the `size` items set.
  COHORT_INLINE static constexpr sub_group_mask full(std::size_t size) { return {~bits_type{0}, size}; }

  /// Whether the item with local linear id `id` is in the mask (false outside size()).
  COHORT_INLINE constexpr bool test(std::size_t id) const { return id < m_size && ((m_bits >> id) & 1u); }
  COHORT_INLINE constexpr bool operator[](std::size_t id) const { return test(id); }

  COHORT_INLINE constexpr bool any() const { return m_bits != 0; }
  COHORT_INLINE constexpr bool none() const { return m_bits == 0; }
  /// All of the size() items set (true for an empty group).
  COHORT_INLINE constexpr bool all() const { return m_bits == valid_bits(m_size); }
  COHORT_INLINE constexpr std::uint32_t count() const { return static_cast<std::uint32_t>(detail::popcount32(m_bits)); }
  COHORT_INLINE constexpr std::uint32_t size() const { return m_size; }

  /// Lowest / highest local linear id in the mask; size() when the mask is empty.
  /// (`find_low()` is CUDA's `__ffs(mask) - 1`.)
  COHORT_INLINE constexpr std::uint32_t find_low() const {
    return m_bits ? static_cast<std::uint32_t>(detail::countr_zero32(m_bits)) : m_size;
  }
  COHORT_INLINE constexpr std::uint32_t find_high() const {
    return m_bits ? static_cast<std::uint32_t>(31 - detail::countl_zero32(m_bits)) : m_size;
  }

  /// Sets (or clears) the bit of `id`; ids at or above size() are ignored.
  COHORT_INLINE constexpr void set(std::size_t id, bool value = true) {
    if (id >= m_size) return;
    const bits_type bit = bits_type{1} << id;
    m_bits = value ? (m_bits | bit) : (m_bits & ~bit);
  }
  COHORT_INLINE constexpr void reset(std::size_t id) { set(id, false); }
  COHORT_INLINE constexpr void set() { m_bits = valid_bits(m_size); }
  COHORT_INLINE constexpr void reset() { m_bits = 0; }
  COHORT_INLINE constexpr void flip() { m_bits = ~m_bits & valid_bits(m_size); }

  /// The raw bits (bit i = local linear id i), as CUDA's 32-bit masks.
  COHORT_INLINE constexpr bits_type bits() const { return m_bits; }
  COHORT_INLINE constexpr explicit operator bits_type() const { return m_bits; }

  // Bitwise operators keep the larger size of the two operands (masks of one group
  // have the same size).
  COHORT_INLINE constexpr sub_group_mask& operator&=(const sub_group_mask& o) { return *this = *this & o; }
  COHORT_INLINE constexpr sub_group_mask& operator|=(const sub_group_mask& o) { return *this = *this | o; }
  COHORT_INLINE constexpr sub_group_mask& operator^=(const sub_group_mask& o) { return *this = *this ^ o; }
  COHORT_INLINE constexpr sub_group_mask& operator<<=(std::size_t n) { return *this = *this << n; }
  COHORT_INLINE constexpr sub_group_mask& operator>>=(std::size_t n) { return *this = *this >> n; }
  COHORT_INLINE friend constexpr sub_group_mask operator&(const sub_group_mask& a, const sub_group_mask& b) {
    return {a.m_bits & b.m_bits, wider(a, b)};
  }
  COHORT_INLINE friend constexpr sub_group_mask operator|(const sub_group_mask& a, const sub_group_mask& b) {
    return {a.m_bits | b.m_bits, wider(a, b)};
  }
  COHORT_INLINE friend constexpr sub_group_mask operator^(const sub_group_mask& a, const sub_group_mask& b) {
    return {a.m_bits ^ b.m_bits, wider(a, b)};
  }
  COHORT_INLINE friend constexpr sub_group_mask operator~(const sub_group_mask& a) { return {~a.m_bits, a.m_size}; }
  /// Moves every bit to a higher id (bits shifted past size() are lost).
  COHORT_INLINE friend constexpr sub_group_mask operator<<(const sub_group_mask& a, std::size_t n) {
    return {n >= max_size ? 0 : a.m_bits << n, a.m_size};
  }
  COHORT_INLINE friend constexpr sub_group_mask operator>>(const sub_group_mask& a, std::size_t n) {
    return {n >= max_size ? 0 : a.m_bits >> n, a.m_size};
  }
  COHORT_INLINE friend constexpr bool operator==(const sub_group_mask& a, const sub_group_mask& b) {
    return a.m_bits == b.m_bits && a.m_size == b.m_size;
  }
  COHORT_INLINE friend constexpr bool operator!=(const sub_group_mask& a, const sub_group_mask& b) {
    return !(a == b);
  }

private:
  COHORT_INLINE static constexpr std::uint32_t clamp(std::size_t size) {
    return static_cast<std::uint32_t>(size < max_size ? size : max_size);
  }
  COHORT_INLINE static constexpr bits_type valid_bits(std::uint32_t size) {
    return size >= max_size ? ~bits_type{0} : (bits_type{1} << size) - 1;
  }
  COHORT_INLINE static constexpr std::uint32_t wider(const sub_group_mask& a, const sub_group_mask& b) {
    return a.m_size > b.m_size ? a.m_size : b.m_size;
  }

  bits_type m_bits = 0;
  std::uint32_t m_size = 0;
};

}  // namespace cohort::ext
