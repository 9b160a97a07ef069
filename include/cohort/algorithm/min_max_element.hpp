// SPDX-License-Identifier: MIT
#pragma once
// Device-wide min_element and max_element: the index of the first smallest (largest)
// element, as std::min_element / std::max_element would point at it, written to
// device-accessible memory (CUB's ArgMin / ArgMax).
//
//   cohort::event e = cohort::min_element(q, x, x + n, where);   // *where = index of the first minimum
//
// `comp` is a strict weak order (default: less). An empty range writes 0. The reduction
// runs over (value, index) pairs with an operator that keeps the smaller index on ties,
// so it is associative and commutative and takes reduce's strategies (reduce.hpp).
#include <cstddef>
#include <functional>
#include <iterator>
#include <type_traits>
#include <vector>

#include <cohort/algorithm/reduce.hpp>
#include <cohort/detail/native_vector.hpp>

namespace cohort {

namespace detail::reduction {

/// An element and its index.
template <typename V>
struct indexed_value {
  V value;
  std::size_t index;
};

/// The first extremum of two indexed values: with `Largest` false the smaller by `comp`,
/// else the larger; the smaller index when neither is.
template <typename V, typename Compare, bool Largest>
struct first_extremum_op {
  Compare comp;
  COHORT_FUNCTION bool better(const V& a, const V& b) const { return Largest ? comp(b, a) : comp(a, b); }
  COHORT_FUNCTION indexed_value<V> operator()(const indexed_value<V>& a, const indexed_value<V>& b) const {
    if (better(b.value, a.value)) return b;
    if (better(a.value, b.value)) return a;
    return b.index < a.index ? b : a;
  }
  /// `next` comes after `acc` in the input: it wins only if strictly better.
  COHORT_FUNCTION indexed_value<V> in_order(const indexed_value<V>& acc, const indexed_value<V>& next) const {
    return better(next.value, acc.value) ? next : acc;
  }
  /// Whether `better(a, b)` is `a < b` (+1), `b < a` (-1), or neither is known (0).
  static constexpr int order =
      std::is_same_v<Compare, std::less<>> || std::is_same_v<Compare, std::less<V>>         ? (Largest ? -1 : 1)
      : std::is_same_v<Compare, std::greater<>> || std::is_same_v<Compare, std::greater<V>> ? (Largest ? 1 : -1)
                                                                                           : 0;

  /// The extremum of elements [b, stop) of `src` (b < stop), by value alone.
  template <typename Source>
  COHORT_FUNCTION V block_extremum(const Source& src, std::size_t b, std::size_t stop) const {
    std::size_t i = b;
    V extremum = src(b).value;
#if COHORT_NATIVE_VECTORS
    if constexpr (order != 0) {
      // Native vectors: g++ keeps a select of floating point values scalar otherwise.
      constexpr int width = static_cast<int>(native_register_bytes / sizeof(V));
      using vector = native_vector_t<V, width>;
      auto pick = [](vector v, vector m) { return (order > 0 ? v < m : m < v) ? v : m; };
      vector m0 = vector{} + extremum, m1 = m0, m2 = m0, m3 = m0;
      for (; i + 4 * width <= stop; i += 4 * width) {
        vector v0{}, v1{}, v2{}, v3{};
        for (int k = 0; k < width; ++k) {
          v0[k] = src(i + k).value;
          v1[k] = src(i + width + k).value;
          v2[k] = src(i + 2 * width + k).value;
          v3[k] = src(i + 3 * width + k).value;
        }
        m0 = pick(v0, m0);
        m1 = pick(v1, m1);
        m2 = pick(v2, m2);
        m3 = pick(v3, m3);
      }
      m0 = pick(pick(m1, m0), pick(m3, m2));
      for (int k = 0; k < width; ++k) extremum = better(m0[k], extremum) ? m0[k] : extremum;
    }
#endif
    for (; i < stop; ++i) {
      const V v = src(i).value;
      extremum = better(v, extremum) ? v : extremum;
    }
    return extremum;
  }

  /// The first extremum of elements [begin, end) of `src` (begin < end), the CPU's loop.
  /// For arithmetic V it goes by blocks that stay in the L1 cache: the block's extremum by
  /// value alone (vectorised for the standard orders), and only when that beats the
  /// extremum so far, a second look through the block for its first index.
  template <typename Source>
  COHORT_FUNCTION indexed_value<V> fold_chunk(const Source& src, std::size_t begin, std::size_t end) const {
    indexed_value<V> acc = src(begin);
    if constexpr (std::is_arithmetic_v<V>) {
      constexpr std::size_t block = 2048;
      for (std::size_t b = begin; b < end; b += block) {
        const std::size_t stop = end - b < block ? end : b + block;
        const V extremum = block_extremum(src, b, stop);
        if (better(extremum, acc.value))
          for (std::size_t j = b; j < stop; ++j)
            if (!better(extremum, src(j).value)) {
              acc = src(j);
              break;
            }
      }
    } else {
      for (std::size_t i = begin + 1; i < end; ++i) acc = in_order(acc, src(i));
    }
    return acc;
  }
};

/// {first[i], i}.
template <typename V, typename It>
struct indexed_source {
  using loaded_type = V;
  It first;
  static constexpr int vector_width = vector_width_v<It>;
  COHORT_FUNCTION indexed_value<V> operator()(std::size_t i) const { return {static_cast<V>(first[i]), i}; }
  template <int W>
  COHORT_FUNCTION void load(std::size_t i, indexed_value<V>* out) const {
    const auto w = load_words<W>(first + i);
    for (int j = 0; j < W; ++j) out[j] = {static_cast<V>(w.v[j]), i + static_cast<std::size_t>(j)};
  }
  bool vector_loads_allowed() const { return aligned_for_vectors<vector_width>(first); }
};

/// *result = the total's index; an empty input gives 0.
template <typename V>
struct index_output {
  std::size_t* result;
  COHORT_FUNCTION void store(std::size_t, const indexed_value<V>& total) const { *result = total.index; }
  COHORT_FUNCTION void store_empty() const { *result = 0; }
};

template <bool Largest, typename InputIt, typename Compare>
event first_extremum(const char* name, queue& q, temporary_storage& storage, InputIt first, InputIt last,
                     std::size_t* result, Compare comp, const std::vector<event>& depends_on) {
  const std::size_t n = checked_distance(name, first, last);
  check_not_null(name, "result pointer", result, 1);
  using V = typename std::iterator_traits<InputIt>::value_type;
  using P = indexed_value<V>;
  return run<P>(q, storage, n, indexed_source<V, InputIt>{first}, first_extremum_op<V, Compare, Largest>{comp},
                index_output<V>{result}, depends_on);
}

}  // namespace detail::reduction

/// *result = the index of the first element of [first, last) that no other is less than
/// (by `comp`); 0 for an empty range. `result` must be device-accessible.
template <typename InputIt, typename Compare = std::less<>>
  requires(!detail::reduction::is_storage_v<InputIt>)
event min_element(queue& q, temporary_storage& storage, InputIt first, InputIt last, std::size_t* result,
                  Compare comp = {}, const std::vector<event>& depends_on = {}) {
  return detail::reduction::first_extremum<false>("min_element", q, storage, first, last, result, comp, depends_on);
}
template <typename InputIt, typename Compare = std::less<>>
  requires(!detail::reduction::is_storage_v<InputIt>)
event min_element(queue& q, InputIt first, InputIt last, std::size_t* result, Compare comp = {},
                  const std::vector<event>& depends_on = {}) {
  return cohort::min_element(q, storage_of(q), first, last, result, comp, depends_on);
}

/// *result = the index of the first element of [first, last) that is less than no other
/// (by `comp`); 0 for an empty range.
template <typename InputIt, typename Compare = std::less<>>
  requires(!detail::reduction::is_storage_v<InputIt>)
event max_element(queue& q, temporary_storage& storage, InputIt first, InputIt last, std::size_t* result,
                  Compare comp = {}, const std::vector<event>& depends_on = {}) {
  return detail::reduction::first_extremum<true>("max_element", q, storage, first, last, result, comp, depends_on);
}
template <typename InputIt, typename Compare = std::less<>>
  requires(!detail::reduction::is_storage_v<InputIt>)
event max_element(queue& q, InputIt first, InputIt last, std::size_t* result, Compare comp = {},
                  const std::vector<event>& depends_on = {}) {
  return cohort::max_element(q, storage_of(q), first, last, result, comp, depends_on);
}

}  // namespace cohort
