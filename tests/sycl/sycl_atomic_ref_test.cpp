// SYCL 2020's atomic_ref, atomic_fence and memory_order, written from the specification:
// the type's constants and which members each kind of T has (compile time), then every
// operation in kernels on global and local memory, checked against host computations, on
// empty ranges, single items and non-powers of two.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

using sycl::memory_order;
using sycl::memory_scope;
using local_space = std::integral_constant<sycl::access::address_space, sycl::access::address_space::local_space>;
using global_space = std::integral_constant<sycl::access::address_space, sycl::access::address_space::global_space>;

template <typename T, memory_scope Scope = memory_scope::device>
using relaxed_ref = sycl::atomic_ref<T, memory_order::relaxed, Scope>;

// ---- Compile time: constants, default orders, and the members of each kind of T.

using int_ref = relaxed_ref<int>;
using acq_rel_ref = sycl::atomic_ref<unsigned long long, memory_order::acq_rel, memory_scope::work_group,
                                     sycl::access::address_space::global_space>;
using seq_cst_ref = sycl::atomic_ref<double, memory_order::seq_cst, memory_scope::system>;
using float_ref = relaxed_ref<float>;
using pointer_ref = relaxed_ref<long*>;

static_assert(int_ref::is_always_lock_free && seq_cst_ref::is_always_lock_free && pointer_ref::is_always_lock_free);
static_assert(int_ref::required_alignment == sizeof(int) && acq_rel_ref::required_alignment == 8 &&
              float_ref::required_alignment == sizeof(float) && pointer_ref::required_alignment == sizeof(long*));

static_assert(int_ref::default_read_order == memory_order::relaxed &&
              int_ref::default_write_order == memory_order::relaxed &&
              int_ref::default_read_modify_write_order == memory_order::relaxed &&
              int_ref::default_scope == memory_scope::device);
static_assert(acq_rel_ref::default_read_order == memory_order::acquire &&
              acq_rel_ref::default_write_order == memory_order::release &&
              acq_rel_ref::default_read_modify_write_order == memory_order::acq_rel &&
              acq_rel_ref::default_scope == memory_scope::work_group);
static_assert(seq_cst_ref::default_read_order == memory_order::seq_cst &&
              seq_cst_ref::default_write_order == memory_order::seq_cst &&
              seq_cst_ref::default_read_modify_write_order == memory_order::seq_cst &&
              seq_cst_ref::default_scope == memory_scope::system);

static_assert(std::same_as<int_ref::value_type, int> && std::same_as<int_ref::difference_type, int>);
static_assert(std::same_as<float_ref::difference_type, float>);
static_assert(std::same_as<pointer_ref::value_type, long*> && std::same_as<pointer_ref::difference_type, std::ptrdiff_t>);
static_assert(std::is_copy_constructible_v<int_ref> && !std::is_copy_assignable_v<int_ref>);
static_assert(!std::is_convertible_v<int&, int_ref>, "the constructor from T& is explicit");

static_assert(sycl::memory_order_relaxed == memory_order::relaxed && sycl::memory_order_acquire == memory_order::acquire &&
              sycl::memory_order_release == memory_order::release && sycl::memory_order_acq_rel == memory_order::acq_rel &&
              sycl::memory_order_seq_cst == memory_order::seq_cst);

template <typename A>
concept has_bitwise = requires(const A& a, typename A::value_type v) {
  a.fetch_and(v);
  a.fetch_or(v);
  a.fetch_xor(v);
  a &= v;
};
template <typename A>
concept has_min_max = requires(const A& a, typename A::value_type v) {
  a.fetch_min(v);
  a.fetch_max(v);
};
template <typename A>
concept has_increment = requires(const A& a) {
  a++;
  --a;
};
template <typename A>
concept has_arithmetic = requires(const A& a, typename A::difference_type d) {
  { a.fetch_add(d) } -> std::same_as<typename A::value_type>;
  { a.fetch_sub(d, memory_order::relaxed, memory_scope::work_item) } -> std::same_as<typename A::value_type>;
  a += d;
  a -= d;
};
static_assert(has_bitwise<int_ref> && has_bitwise<acq_rel_ref> && !has_bitwise<float_ref> && !has_bitwise<pointer_ref>);
static_assert(has_min_max<int_ref> && has_min_max<seq_cst_ref> && !has_min_max<pointer_ref>);
static_assert(has_increment<int_ref> && has_increment<pointer_ref> && !has_increment<float_ref>);
static_assert(has_arithmetic<int_ref> && has_arithmetic<float_ref> && has_arithmetic<seq_cst_ref> &&
              has_arithmetic<pointer_ref>);

// ---- Kernels.

class sycl_atomic_ref : public on_device {};

/// A pseudo-random bin per item, the same on host and device.
COHORT_FUNCTION inline std::size_t bin_of(std::size_t i, std::size_t bins) { return (i * 2654435761u + 12345u) % bins; }

template <typename T>
void check_histogram(sycl::queue& q, std::size_t n, std::size_t bins) {
  shared_array<T> histogram(bins, q, T{0});
  T* h = histogram.data();
  q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) {
     relaxed_ref<T>(h[bin_of(i[0], bins)]).fetch_add(T{1});
   }).wait_and_throw();
  std::vector<T> expected(bins, T{0});
  for (std::size_t i = 0; i < n; ++i) ++expected[bin_of(i, bins)];
  ASSERT_EQ(histogram.to_vector(), expected) << n << " items";
}

}  // namespace

TEST_P(sycl_atomic_ref, histogram_of_int_with_fetch_add) {
  for (std::size_t n : {0u, 1u, 2u, 1000u, 12347u}) check_histogram<int>(q, n, 37);
}

TEST_P(sycl_atomic_ref, histogram_of_unsigned_long_long_with_fetch_add) {
  for (std::size_t n : {0u, 1u, 999u, 30011u}) check_histogram<unsigned long long>(q, n, 5);
}

namespace {
/// Sums of multiples of 1/4 with fetch_add, fetch_sub, += and -=: every partial sum is exact,
/// so any order of the additions gives the host's result.
template <typename T>
void check_floating_sums(sycl::queue& q, std::size_t n) {
  shared_array<T> sums(4, q, T{0});
  T* s = sums.data();
  q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
     const T v = static_cast<T>(id[0] % 7) * T(0.25) - T(0.5);
     sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> a0(s[0]), a1(s[1]);
     sycl::atomic_ref<T, memory_order::seq_cst, memory_scope::system> a2(s[2]);
     sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::work_group> a3(s[3]);
     a0.fetch_add(v);
     a1.fetch_sub(v, memory_order::release, memory_scope::device);
     a2 += v;
     a3 -= v;
   }).wait_and_throw();
  T expected = 0;
  for (std::size_t i = 0; i < n; ++i) expected += static_cast<T>(i % 7) * T(0.25) - T(0.5);
  EXPECT_EQ(sums[0], expected) << n;
  EXPECT_EQ(sums[1], -expected) << n;
  EXPECT_EQ(sums[2], expected) << n;
  EXPECT_EQ(sums[3], -expected) << n;
}
}  // namespace

TEST_P(sycl_atomic_ref, float_and_double_sums) {
  for (std::size_t n : {0u, 1u, 3u, 1001u, 20011u}) {
    check_floating_sums<float>(q, n);
    check_floating_sums<double>(q, n);
  }
}

namespace {
/// fetch_min and fetch_max over values of both signs; each call returns a value the
/// object held, so it is never below the final minimum (above the final maximum).
template <typename T>
void check_min_max(sycl::queue& q, std::size_t n) {
  const T start_min = T(1000), start_max = T(-1000);
  shared_array<T> extremes({start_min, start_max}, q);
  shared_array<T> before_min(n, q), before_max(n, q);
  T* e = extremes.data();
  T* bmin = before_min.data();
  T* bmax = before_max.data();
  q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
     const std::size_t i = id[0];
     const T v = static_cast<T>(static_cast<int>(i * 37 % 201) - 100) / T(2);
     bmin[i] = relaxed_ref<T>(e[0]).fetch_min(v);
     bmax[i] = sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::device>(e[1]).fetch_max(v, memory_order::seq_cst);
   }).wait_and_throw();
  T lo = start_min, hi = start_max;
  for (std::size_t i = 0; i < n; ++i) {
    const T v = static_cast<T>(static_cast<int>(i * 37 % 201) - 100) / T(2);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  ASSERT_EQ(extremes[0], lo) << n;
  ASSERT_EQ(extremes[1], hi) << n;
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_GE(before_min[i], lo);
    ASSERT_LE(before_min[i], start_min);
    ASSERT_LE(before_max[i], hi);
    ASSERT_GE(before_max[i], start_max);
  }
}
}  // namespace

TEST_P(sycl_atomic_ref, fetch_min_and_fetch_max_with_negative_values) {
  for (std::size_t n : {0u, 1u, 2u, 201u, 5003u}) {
    check_min_max<int>(q, n);
    check_min_max<long long>(q, n);
    check_min_max<float>(q, n);
    check_min_max<double>(q, n);
  }
}

// An operation atomic_ref lacks, built from a compare-exchange loop: a wrapping product
// (its result does not depend on the order of the factors). Both overloads of both forms.
TEST_P(sycl_atomic_ref, compare_exchange_loops_build_other_operations) {
  for (std::size_t n : {0u, 1u, 7u, 4099u}) {
    shared_array<unsigned> product32(2, q, 1u);
    shared_array<unsigned long long> product64(2, q, 1ull);
    unsigned* p32 = product32.data();
    unsigned long long* p64 = product64.data();
    q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
       const unsigned factor = static_cast<unsigned>(2 * id[0] + 3);
       sycl::atomic_ref<unsigned, memory_order::acq_rel, memory_scope::device> strong(p32[0]), weak(p32[1]);
       unsigned seen = strong.load();
       while (!strong.compare_exchange_strong(seen, seen * factor)) {
       }
       seen = weak.load(memory_order::relaxed);
       while (!weak.compare_exchange_weak(seen, seen * factor, memory_order::release, memory_order::relaxed)) {
       }
       relaxed_ref<unsigned long long> strong64(p64[0]), weak64(p64[1]);
       unsigned long long seen64 = strong64;
       while (!strong64.compare_exchange_strong(seen64, seen64 * factor, memory_order::acq_rel, memory_order::acquire,
                                                memory_scope::device)) {
       }
       seen64 = weak64.load(memory_order::seq_cst, memory_scope::system);
       while (!weak64.compare_exchange_weak(seen64, seen64 * factor, memory_order::seq_cst, memory_scope::system)) {
       }
     }).wait_and_throw();
    unsigned expected32 = 1;
    unsigned long long expected64 = 1;
    for (std::size_t i = 0; i < n; ++i) {
      expected32 *= static_cast<unsigned>(2 * i + 3);
      expected64 *= static_cast<unsigned>(2 * i + 3);
    }
    EXPECT_EQ(product32[0], expected32) << n;
    EXPECT_EQ(product32[1], expected32) << n;
    EXPECT_EQ(product64[0], expected64) << n;
    EXPECT_EQ(product64[1], expected64) << n;
  }
}

// A failed compare-exchange writes the value it found into `expected` and changes nothing.
TEST_P(sycl_atomic_ref, failed_compare_exchange_reports_the_current_value) {
  shared_array<int> cells({5, 5, 0, 0}, q);
  int* c = cells.data();
  q.single_task(COHORT_LAMBDA() {
     int_ref a(c[0]);
     int expected = 4;
     c[2] = a.compare_exchange_strong(expected, 9) ? 1 : 0;
     c[3] = expected;
     expected = 5;
     while (!relaxed_ref<int>(c[1]).compare_exchange_weak(expected, 6)) {
     }
   }).wait_and_throw();
  EXPECT_EQ(cells[0], 5);
  EXPECT_EQ(cells[1], 6);
  EXPECT_EQ(cells[2], 0);
  EXPECT_EQ(cells[3], 5);
}

// Each item exchanges its id into one cell: the values handed back, and the cell's final
// value, are the initial value and every id, once each.
TEST_P(sycl_atomic_ref, exchange_hands_each_value_to_exactly_one_item) {
  for (std::size_t n : {0u, 1u, 2u, 513u, 10007u}) {
    shared_array<long> cell(1, q, -1L), handed(n, q, -2L);
    long* c = cell.data();
    long* h = handed.data();
    q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
       h[id[0]] = sycl::atomic_ref<long, memory_order::seq_cst, memory_scope::device>(c[0]).exchange(
           static_cast<long>(id[0]), memory_order::acq_rel);
     }).wait_and_throw();
    std::vector<long> all = handed.to_vector();
    all.push_back(cell[0]);
    std::sort(all.begin(), all.end());
    for (std::size_t i = 0; i < all.size(); ++i) ASSERT_EQ(all[i], static_cast<long>(i) - 1) << n;
  }
}

// Stores and loads with every order valid for them, every scope, and each default order;
// also operator= and the conversion to T.
TEST_P(sycl_atomic_ref, load_and_store_with_every_order_and_scope) {
  const std::size_t n = 131;
  shared_array<int> cells(n, q, -1), wrong(n, q, -1);
  int* c = cells.data();
  int* w = wrong.data();
  q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
     const int i = static_cast<int>(id[0]);
     constexpr memory_order store_orders[] = {memory_order::relaxed, memory_order::release, memory_order::seq_cst};
     constexpr memory_order load_orders[] = {memory_order::relaxed, memory_order::acquire, memory_order::seq_cst};
     constexpr memory_scope all_scopes[] = {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group,
                                            memory_scope::device, memory_scope::system};
     int errors = 0, value = i;
     int_ref a(c[i]);
     for (memory_scope scope : all_scopes)
       for (memory_order store_order : store_orders)
         for (memory_order load_order : load_orders) {
           a.store(++value, store_order, scope);
           errors += a.load(load_order, scope) != value;
         }
     sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::work_group> acq_rel(c[i]);
     ++value;
     errors += (acq_rel = value) != value;
     errors += static_cast<int>(acq_rel) != value;
     sycl::atomic_ref<int, memory_order::seq_cst, memory_scope::system> seq_cst(c[i]);
     seq_cst.store(++value);
     errors += seq_cst.load() != value;
     a = i * 3;
     w[i] = errors;
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(wrong[i], 0) << i;
    ASSERT_EQ(cells[i], static_cast<int>(i) * 3);
  }
}

// SYCL leaves an order that does not apply to an operation undefined (acquire on a store,
// release on a load); cohort keeps the half that applies, so the operation still happens.
TEST_P(sycl_atomic_ref, orders_that_do_not_apply_still_perform_the_operation) {
  shared_array<int> cells({0, 0}, q);
  int* c = cells.data();
  q.single_task(COHORT_LAMBDA() {
     int_ref a(c[0]);
     a.store(7, memory_order::acquire);
     a.store(a.load(memory_order::release) + 1, memory_order::acq_rel);
     int expected = 8;
     a.compare_exchange_strong(expected, 9, memory_order::relaxed, memory_order::acq_rel);
     c[1] = a.load(memory_order::acq_rel);
   }).wait_and_throw();
  EXPECT_EQ(cells[0], 9);
  EXPECT_EQ(cells[1], 9);
}

// The bitwise operations and the operators: one item checks what each returns, then many
// items combine bits.
TEST_P(sycl_atomic_ref, bitwise_operations_and_operators) {
  shared_array<int> results(16, q, -1), cell(1, q, 0b1100);
  shared_array<unsigned> wrapping(1, q, 0xffffffffu);
  int* r = results.data();
  int* x = cell.data();
  unsigned* w = wrapping.data();
  q.single_task(COHORT_LAMBDA() {
     int_ref a(*x);
     r[0] = a.fetch_or(0b0011);     // 12, x = 15
     r[1] = a.fetch_and(0b0110);    // 15, x = 6
     r[2] = a.fetch_xor(0b0101);    // 6, x = 3
     r[3] = (a |= 0b1000);          // 11
     r[4] = (a &= 0b1010);          // 10
     r[5] = (a ^= 0b0001);          // 11
     r[6] = a++;                    // 11, x = 12
     r[7] = ++a;                    // 13
     r[8] = a--;                    // 13, x = 12
     r[9] = --a;                    // 11
     r[10] = (a += 5);              // 16
     r[11] = (a -= 20);             // -4
     r[12] = a.fetch_add(-6, memory_order::seq_cst, memory_scope::work_item);  // -4, x = -10
     r[13] = a.fetch_sub(-3, memory_order::acquire, memory_scope::sub_group);  // -10, x = -7
     r[14] = *x;
     r[15] = static_cast<int>(relaxed_ref<unsigned>(*w) += 2);
   }).wait_and_throw();
  const std::vector<int> expected = {12, 15, 6, 11, 10, 11, 11, 13, 13, 11, 16, -4, -4, -10, -7, 1};
  EXPECT_EQ(results.to_vector(), expected);

  for (std::size_t n : {0u, 1u, 33u, 1000u}) {
    shared_array<unsigned long long> masks({0ull, ~0ull, 0ull}, q);
    unsigned long long* m = masks.data();
    q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
       const unsigned long long bit = 1ull << (id[0] % 64);
       relaxed_ref<unsigned long long>(m[0]).fetch_or(bit);
       sycl::atomic_ref<unsigned long long, memory_order::acq_rel, memory_scope::device>(m[1]).fetch_and(~bit);
       relaxed_ref<unsigned long long, memory_scope::system>(m[2]) ^= bit;
     }).wait_and_throw();
    unsigned long long any = 0, parity = 0;
    for (std::size_t i = 0; i < n; ++i) {
      any |= 1ull << (i % 64);
      parity ^= 1ull << (i % 64);
    }
    EXPECT_EQ(masks[0], any) << n;
    EXPECT_EQ(masks[1], ~any) << n;
    EXPECT_EQ(masks[2], parity) << n;
  }
}

// A bump allocator on an atomic pointer: each item claims one slot; the slots hold each id
// once and the pointer ends past the last one. Then the pointer operators on one item.
TEST_P(sycl_atomic_ref, pointer_atomic_ref_moves_by_elements) {
  for (std::size_t n : {0u, 1u, 3u, 2049u}) {
    shared_array<long> slots(n, q, -1L);
    shared_array<long*> cursor(1, q, slots.data());
    long** cur = cursor.data();
    q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> id) {
       long* mine = sycl::atomic_ref<long*, memory_order::relaxed, memory_scope::device>(*cur).fetch_add(1);
       *mine = static_cast<long>(id[0]);
     }).wait_and_throw();
    EXPECT_EQ(cursor[0], slots.data() + n);
    std::vector<long> ids = slots.to_vector();
    std::sort(ids.begin(), ids.end());
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(ids[i], static_cast<long>(i));
  }

  shared_array<long> base(16, q, 0L);
  shared_array<long*> p(1, q, base.data());
  shared_array<std::ptrdiff_t> offsets(8, q, -1);
  long** pp = p.data();
  long* b = base.data();
  std::ptrdiff_t* o = offsets.data();
  q.single_task(COHORT_LAMBDA() {
     sycl::atomic_ref<long*, memory_order::acq_rel, memory_scope::work_group> a(*pp);
     o[0] = a++ - b;                                  // 0, then 1
     o[1] = ++a - b;                                  // 2
     o[2] = (a += 5) - b;                             // 7
     o[3] = (a -= 3) - b;                             // 4
     o[4] = a.fetch_sub(2, memory_order::relaxed) - b;  // 4, then 2
     o[5] = a-- - b;                                  // 2, then 1
     long* expected = b + 1;
     o[6] = a.compare_exchange_strong(expected, b + 9) ? 1 : 0;
     o[7] = a.exchange(b + 3) - b;                    // 9
   }).wait_and_throw();
  const std::vector<std::ptrdiff_t> expected = {0, 2, 7, 4, 4, 2, 1, 9};
  EXPECT_EQ(offsets.to_vector(), expected);
  EXPECT_EQ(p[0], base.data() + 3);
}

// Work-group-scope atomics on local memory: each group builds a histogram of its items in
// a local accessor, then adds it to the global one with device-scope atomics. Global sizes
// are rounded up to whole groups; the items past n take no part.
TEST_P(sycl_atomic_ref, local_memory_histogram_in_nd_range_kernels) {
  const std::size_t bins = 11;
  for (std::size_t local : {1u, 7u, 64u, 100u})
    for (std::size_t n : {1u, 99u, 1000u}) {
      const std::size_t global = (n + local - 1) / local * local;
      shared_array<unsigned> histogram(bins, q, 0u), counts(global / local, q, 0u);
      unsigned* h = histogram.data();
      unsigned* per_group = counts.data();
      q.submit([&](sycl::handler& cgh) {
         sycl::local_accessor<unsigned, 1> local_bins(sycl::range<1>{bins}, cgh);
         sycl::local_accessor<int, 1> local_count(sycl::range<1>{1}, cgh);
         cgh.parallel_for(sycl::nd_range<1>{global, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
           const std::size_t l = it.get_local_id(0), L = it.get_local_range(0), i = it.get_global_id(0);
           for (std::size_t b = l; b < bins; b += L) local_bins[b] = 0;
           if (l == 0) local_count[0] = 0;
           sycl::group_barrier(it.get_group());
           if (i < n) {
             sycl::atomic_ref<unsigned, memory_order::relaxed, memory_scope::work_group, local_space::value>(
                 local_bins[bin_of(i, bins)])
                 .fetch_add(1u);
             ++sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::work_group, local_space::value>(
                 local_count[0]);
           }
           sycl::group_barrier(it.get_group());
           for (std::size_t b = l; b < bins; b += L)
             if (local_bins[b] != 0) relaxed_ref<unsigned>(h[b]).fetch_add(local_bins[b]);
           if (l == 0) per_group[it.get_group_linear_id()] = static_cast<unsigned>(local_count[0]);
         });
       }).wait_and_throw();
      std::vector<unsigned> expected(bins, 0u);
      for (std::size_t i = 0; i < n; ++i) ++expected[bin_of(i, bins)];
      ASSERT_EQ(histogram.to_vector(), expected) << "local " << local << ", n " << n;
      for (std::size_t g = 0; g < global / local; ++g)
        ASSERT_EQ(counts[g], std::min(local, n - g * local)) << "local " << local << ", n " << n << ", group " << g;
    }
}

// Message passing within a work-group through local memory, with fences: the first item
// writes a payload, then a release fence, then a relaxed flag; an item that sees the flag
// (relaxed) and then runs an acquire fence must see the payload. Items need not see the flag
// before the barrier (work-items need not run concurrently), but must after it.
TEST_P(sycl_atomic_ref, atomic_fence_orders_message_passing_in_a_work_group) {
  for (std::size_t local : {1u, 2u, 31u, 128u}) {
    const std::size_t groups = 5, global = groups * local;
    shared_array<int> early(global, q, -2), late(global, q, -2);
    // The message and its flag, one of each per group, in global memory: compute-sanitizer's
    // racecheck follows barriers in shared memory only, and would report this deliberate
    // exchange through a fence as a race.
    shared_array<int> payloads(groups, q, 0), flags(groups, q, 0);
    int* e = early.data();
    int* lt = late.data();
    int* payload_of = payloads.data();
    int* flag_of = flags.data();
    q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for(sycl::nd_range<1>{global, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
         const std::size_t l = it.get_local_id(0), i = it.get_global_id(0), g = it.get_group_linear_id();
         const int message = 100 + static_cast<int>(g);
         int* payload = payload_of + g;
         sycl::atomic_ref<int, memory_order::relaxed, memory_scope::work_group, global_space::value> f(flag_of[g]);
         if (l == 0) f.store(0);
         sycl::group_barrier(it.get_group());
         if (l == 0) {
           payload[0] = message;
           sycl::atomic_fence(memory_order::release, memory_scope::work_group);
           f.store(1);
           e[i] = message;
         } else if (f.load() == 1) {
           sycl::atomic_fence(memory_order::acquire, memory_scope::work_group);
           e[i] = payload[0];
         } else {
           e[i] = -1;  // not seen yet
         }
         sycl::group_barrier(it.get_group());
         lt[i] = f.load() == 1 ? payload[0] : -3;
         sycl::atomic_fence(memory_order::seq_cst, memory_scope::device);
         sycl::atomic_fence(memory_order::acq_rel, memory_scope::system);
         sycl::atomic_fence(memory_order::relaxed, memory_scope::sub_group);
       });
     }).wait_and_throw();
    for (std::size_t i = 0; i < global; ++i) {
      const int message = 100 + static_cast<int>(i / local);
      ASSERT_TRUE(early[i] == -1 || early[i] == message) << "item " << i << " saw " << early[i];
      ASSERT_EQ(late[i], message) << "item " << i;
    }
  }
}

// A misaligned object throws errc::invalid on the host (on a GPU it is the hardware's
// misaligned-address error, reported by the queue). Forming the misaligned reference is
// itself what UBSan reports, so the helper that forms it is exempt from that check.
template <typename T>
#if !defined(__CUDACC__)
__attribute__((no_sanitize("alignment")))
#endif
T atomic_add_at(unsigned char* bytes, std::size_t offset, T operand) {
  return sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device>(
             *reinterpret_cast<T*>(bytes + offset))
      .fetch_add(operand);
}

TEST_P(sycl_atomic_ref, a_misaligned_object_throws_invalid_on_the_host) {
  alignas(8) unsigned char bytes[16] = {};
  cohort_test::expect_errc([&] { atomic_add_at<int>(bytes, 2, 1); }, sycl::errc::invalid);
  cohort_test::expect_errc([&] { atomic_add_at<std::uint64_t>(bytes, 4, 1); }, sycl::errc::invalid);
  // An aligned one is accepted.
  EXPECT_EQ(atomic_add_at<int>(bytes, 8, 2), 0);
  EXPECT_EQ(atomic_add_at<int>(bytes, 8, 2), 2);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_atomic_ref);
