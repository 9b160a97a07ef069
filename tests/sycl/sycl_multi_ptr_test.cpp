// multi_ptr and the access vocabulary, from the SYCL 2020 specification's interface: the
// aliases, what converts implicitly and what only explicitly, arithmetic and comparison,
// address_space_cast, local_accessor::get_multi_ptr / get_pointer, the legacy (SYCL 1.2.1)
// form, and the same in kernels against host-computed references.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

using sycl::access::address_space;
using sycl::access::decorated;

template <typename T>
using generic_raw_ptr = sycl::multi_ptr<T, address_space::generic_space, decorated::no>;
template <typename T>
using global_void_ptr = sycl::multi_ptr<T, address_space::global_space, decorated::no>;

// The access vocabulary.
static_assert(std::is_same_v<sycl::access::mode, sycl::access_mode>);
static_assert(std::is_same_v<sycl::access::target, sycl::target>);
static_assert(sycl::target::global_buffer == sycl::target::device);
static_assert(sycl::access::fence_space::local_space != sycl::access::fence_space::global_and_local);
static_assert(sycl::access::placeholder::false_t != sycl::access::placeholder::true_t);

// The aliases and their members.
static_assert(std::is_same_v<sycl::global_ptr<int>, sycl::multi_ptr<int, address_space::global_space, decorated::legacy>>);
static_assert(std::is_same_v<sycl::local_ptr<int, decorated::no>, sycl::raw_local_ptr<int>>);
static_assert(std::is_same_v<sycl::private_ptr<int, decorated::yes>, sycl::decorated_private_ptr<int>>);
static_assert(std::is_same_v<sycl::constant_ptr<int>,
                             sycl::multi_ptr<int, address_space::constant_space, decorated::legacy>>);
static_assert(sycl::decorated_global_ptr<int>::is_decorated && !sycl::raw_global_ptr<int>::is_decorated);
static_assert(!sycl::global_ptr<int>::is_decorated);
static_assert(sycl::raw_local_ptr<float>::address_space == address_space::local_space);
static_assert(std::is_same_v<sycl::raw_global_ptr<float>::value_type, float>);
static_assert(std::is_same_v<sycl::raw_global_ptr<float>::pointer, float*>);
static_assert(std::is_same_v<sycl::raw_global_ptr<float>::reference, float&>);
static_assert(std::is_same_v<sycl::raw_global_ptr<float>::difference_type, std::ptrdiff_t>);
static_assert(std::is_same_v<sycl::remove_decoration_t<sycl::decorated_global_ptr<float>::pointer>, float*>);
static_assert(std::is_same_v<decltype(std::declval<sycl::decorated_local_ptr<int>>().get_raw()), int*>);
static_assert(std::is_same_v<decltype(std::declval<sycl::global_ptr<int>>().get()), int*>);
static_assert(std::is_same_v<sycl::global_ptr<int>::element_type, int>);
static_assert(std::is_same_v<sycl::global_ptr<int>::pointer_t, int*>);
static_assert(std::is_same_v<sycl::global_ptr<int>::const_pointer_t, const int*>);
static_assert(std::random_access_iterator<sycl::raw_global_ptr<int>>);
static_assert(std::random_access_iterator<sycl::global_ptr<const int>>);
static_assert(std::is_same_v<std::iterator_traits<sycl::decorated_local_ptr<int>>::iterator_category,
                             std::random_access_iterator_tag>);

// Construction: explicit from a pointer for the SYCL 2020 forms, implicit for the legacy one.
static_assert(!std::is_convertible_v<int*, sycl::raw_global_ptr<int>>);
static_assert(std::is_constructible_v<sycl::raw_global_ptr<int>, int*>);
static_assert(std::is_convertible_v<int*, sycl::global_ptr<int>>);
static_assert(std::is_convertible_v<std::nullptr_t, sycl::decorated_global_ptr<int>>);
static_assert(std::is_default_constructible_v<sycl::raw_private_ptr<int>>);

// Conversions the spec makes implicit.
static_assert(std::is_convertible_v<sycl::raw_global_ptr<int>, sycl::decorated_global_ptr<int>>);
static_assert(std::is_convertible_v<sycl::decorated_global_ptr<int>, sycl::raw_global_ptr<int>>);
static_assert(std::is_convertible_v<sycl::raw_global_ptr<int>, sycl::raw_global_ptr<const int>>);
static_assert(std::is_convertible_v<sycl::raw_global_ptr<int>, global_void_ptr<void>>);
static_assert(std::is_convertible_v<sycl::raw_global_ptr<const int>, global_void_ptr<const void>>);
static_assert(std::is_convertible_v<global_void_ptr<void>, global_void_ptr<const void>>);
static_assert(std::is_convertible_v<sycl::global_ptr<int>, sycl::global_ptr<const int>>);
static_assert(std::is_convertible_v<sycl::global_ptr<int>, int*>);
static_assert(std::is_convertible_v<sycl::raw_global_ptr<int>, int*>);  // deprecated, but implicit
// ... and those it makes explicit, or refuses.
static_assert(!std::is_convertible_v<global_void_ptr<void>, sycl::raw_global_ptr<int>>);
static_assert(std::is_constructible_v<sycl::raw_global_ptr<int>, global_void_ptr<void>>);
static_assert(!std::is_constructible_v<sycl::raw_global_ptr<int>, global_void_ptr<const void>>);
static_assert(!std::is_convertible_v<global_void_ptr<void>, void*>);
static_assert(!std::is_convertible_v<sycl::raw_global_ptr<const int>, sycl::raw_global_ptr<int>>);
static_assert(!std::is_convertible_v<sycl::raw_global_ptr<const int>, global_void_ptr<void>>);
static_assert(!std::is_convertible_v<generic_raw_ptr<int>, sycl::raw_global_ptr<int>>);
static_assert(std::is_constructible_v<sycl::raw_global_ptr<int>, generic_raw_ptr<int>>);
static_assert(std::is_constructible_v<sycl::decorated_local_ptr<const int>, generic_raw_ptr<int>>);
static_assert(std::is_assignable_v<generic_raw_ptr<int>&, sycl::raw_global_ptr<int>>);
static_assert(std::is_assignable_v<generic_raw_ptr<int>&, sycl::decorated_local_ptr<int>>);

// From a local accessor: local and generic pointers, const-correct.
static_assert(std::is_constructible_v<sycl::raw_local_ptr<int>, sycl::local_accessor<int, 1>>);
static_assert(std::is_constructible_v<sycl::local_ptr<const int>, sycl::local_accessor<int, 2>>);
static_assert(std::is_constructible_v<generic_raw_ptr<int>, sycl::local_accessor<int, 1>>);
static_assert(std::is_constructible_v<sycl::multi_ptr<void, address_space::local_space, decorated::no>,
                                      sycl::local_accessor<int, 1>>);
static_assert(!std::is_constructible_v<sycl::raw_global_ptr<int>, sycl::local_accessor<int, 1>>);
static_assert(!std::is_constructible_v<sycl::raw_local_ptr<float>, sycl::local_accessor<int, 1>>);
static_assert(std::is_same_v<sycl::local_accessor<int, 1>::accessor_ptr<decorated::yes>, sycl::decorated_local_ptr<int>>);
static_assert(std::is_same_v<decltype(std::declval<sycl::local_accessor<int, 1>>().get_pointer()), sycl::local_ptr<int>>);
static_assert(std::is_same_v<decltype(sycl::multi_ptr(std::declval<sycl::local_accessor<float, 1>>())),
                             sycl::raw_local_ptr<float>>);
static_assert(std::is_same_v<decltype(sycl::address_space_cast<address_space::global_space, decorated::yes>(
                                 std::declval<int*>())),
                             sycl::decorated_global_ptr<int>>);

struct pair_of_ints {
  int first, second;
};

class sycl_multi_ptr : public on_device {};

}  // namespace

TEST(sycl_multi_ptr_on_the_host, arithmetic_and_comparison) {
  std::vector<int> v(10);
  std::iota(v.begin(), v.end(), 0);
  sycl::raw_global_ptr<int> p(v.data());
  const sycl::raw_global_ptr<int> begin = p;
  EXPECT_EQ(*p, 0);
  EXPECT_EQ(p[3], 3);
  EXPECT_EQ(*(p + 4), 4);
  EXPECT_EQ(*(4 + p), 4);
  ++p;
  EXPECT_EQ(*p, 1);
  EXPECT_EQ(*p++, 1);
  EXPECT_EQ(*p, 2);
  p += 5;
  EXPECT_EQ(*p, 7);
  p -= 2;
  EXPECT_EQ(*p, 5);
  EXPECT_EQ(*p--, 5);
  EXPECT_EQ(*--p, 3);
  EXPECT_EQ(*(p - 1), 2);
  EXPECT_EQ(p - begin, 3);
  EXPECT_TRUE(begin < p && p > begin && begin <= p && p >= begin && begin != p);
  EXPECT_TRUE(begin + 3 == p && begin + 3 <= p && begin + 3 >= p);
  EXPECT_EQ(p.get(), v.data() + 3);
  EXPECT_EQ(p.get_raw(), v.data() + 3);
  EXPECT_EQ(p.get_decorated(), v.data() + 3);
  p.prefetch(4);

  sycl::decorated_global_ptr<int> null;
  EXPECT_TRUE(null == nullptr && nullptr == null && !(null != nullptr));
  EXPECT_TRUE(p != nullptr && nullptr != p);
  EXPECT_TRUE(null <= nullptr && null >= nullptr && !(null < nullptr) && !(nullptr > null));
  EXPECT_TRUE(p > nullptr && nullptr < p && p >= nullptr && nullptr <= p);
  null = sycl::decorated_global_ptr<int>(v.data());
  null = nullptr;
  EXPECT_EQ(null.get(), nullptr);

  std::vector<pair_of_ints> pairs{{1, 2}, {3, 4}};
  sycl::raw_private_ptr<pair_of_ints> pp(pairs.data());
  EXPECT_EQ(pp->second, 2);
  EXPECT_EQ((pp + 1)->first, 3);
}

TEST(sycl_multi_ptr_on_the_host, conversions_keep_the_address) {
  int x[4] = {1, 2, 3, 4};
  const sycl::raw_global_ptr<int> raw(x + 1);
  const sycl::decorated_global_ptr<int> decorated_form = raw;
  const sycl::raw_global_ptr<int> back = decorated_form;
  const sycl::raw_global_ptr<const int> to_const = raw;
  const global_void_ptr<void> to_void = raw;
  const global_void_ptr<const void> to_const_void = to_void;
  const auto from_void = static_cast<sycl::raw_global_ptr<int>>(to_void);
  const sycl::global_ptr<int> legacy = raw;  // between SYCL 2020 and 1.2.1 forms
  int* plain = legacy;
  EXPECT_EQ(decorated_form.get(), x + 1);
  EXPECT_EQ(back, raw);
  EXPECT_EQ(to_const.get(), x + 1);
  EXPECT_EQ(to_void.get(), static_cast<void*>(x + 1));
  EXPECT_EQ(to_const_void.get(), static_cast<const void*>(x + 1));
  EXPECT_EQ(from_void, raw);
  EXPECT_EQ(plain, x + 1);
  EXPECT_EQ(static_cast<int*>(raw), x + 1);

  generic_raw_ptr<int> generic(x);
  generic = raw;
  EXPECT_EQ(generic.get(), x + 1);
  const auto global_again = static_cast<sycl::decorated_global_ptr<const int>>(generic);
  EXPECT_EQ(*global_again, 2);

  sycl::global_ptr<int> legacy_assigned;
  legacy_assigned = x + 2;
  EXPECT_EQ(*legacy_assigned, 3);
  const auto made = sycl::make_ptr<int, address_space::global_space>(x + 3);
  EXPECT_EQ(*made, 4);
  const auto cast = sycl::address_space_cast<address_space::private_space, decorated::no>(x);
  EXPECT_EQ(cast[2], 3);
}

TEST(sycl_multi_ptr_on_the_host, standard_algorithms_take_multi_ptrs) {
  std::vector<int> v{5, 3, 9, 1, 7, 2};
  sycl::raw_global_ptr<int> first(v.data()), last(v.data() + v.size());
  std::sort(first, last);
  EXPECT_EQ(v, (std::vector<int>{1, 2, 3, 5, 7, 9}));
  EXPECT_EQ(std::accumulate(sycl::global_ptr<const int>(v.data()), sycl::global_ptr<const int>(v.data() + v.size()), 0), 27);
  EXPECT_EQ(std::distance(first, last), 6);
}

// Global pointers in a kernel: address_space_cast, arithmetic, comparison, void round trips.
TEST_P(sycl_multi_ptr, global_pointers_in_kernels) {
  for (std::size_t n : {1u, 7u, 1000u}) {
    shared_array<int> in(n, q), out(n, q, -1);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(3 * i + 1);
    const int* x = in.data();
    int* o = out.data();
    q.parallel_for<class global_multi_ptrs>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) {
       const auto src = sycl::address_space_cast<address_space::global_space, decorated::no>(x);
       auto dst = sycl::address_space_cast<address_space::global_space, decorated::yes>(o);
       const std::size_t k = i[0];
       const auto mirrored = src + static_cast<std::ptrdiff_t>(n - 1 - k);
       global_void_ptr<const void> untyped = mirrored;
       const auto typed = static_cast<sycl::raw_global_ptr<const int>>(untyped);
       dst += static_cast<std::ptrdiff_t>(k);
       *dst = *typed + (typed - src == static_cast<std::ptrdiff_t>(n - 1 - k) ? 0 : 1000000);
       if (dst == nullptr || !(src <= mirrored)) *dst = -2;
     }).wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(3 * (n - 1 - i) + 1)) << n;
  }
}

// Local memory through get_multi_ptr (both decorations), get_pointer (the legacy form and
// its conversion to T*) and multi_ptr's constructor from the accessor.
TEST_P(sycl_multi_ptr, local_accessor_pointers_in_kernels) {
  for (std::size_t local : {1u, 6u, 64u}) {
    const std::size_t groups = 3, n = groups * local;
    shared_array<int> out(n * 4, q, -1);
    int* o = out.data();
    q.submit([&](sycl::handler& h) {
       sycl::local_accessor<int, 1> scratch(sycl::range<1>{local}, h);
       h.parallel_for<class local_multi_ptrs>(sycl::nd_range<1>{n, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
         const std::size_t l = it.get_local_id(0), L = it.get_local_range(0), g = it.get_global_id(0);
         auto raw = scratch.get_multi_ptr<decorated::no>();
         sycl::decorated_local_ptr<int> decorated_form = scratch.get_multi_ptr<decorated::yes>();
         sycl::local_ptr<int> legacy = scratch.get_pointer();
         int* plain = scratch.get_pointer();
         sycl::multi_ptr from_accessor(scratch);
         raw[l] = static_cast<int>(g);
         it.barrier(sycl::access::fence_space::local_space);
         o[4 * g + 0] = *(decorated_form + static_cast<std::ptrdiff_t>(L - 1 - l));
         o[4 * g + 1] = legacy[(l + 1) % L];
         o[4 * g + 2] = plain[0];
         o[4 * g + 3] = (from_accessor.get() == plain && raw.get() == decorated_form.get_raw()) ? 1 : 0;
       });
     }).wait_and_throw();
    for (std::size_t g = 0; g < n; ++g) {
      const std::size_t l = g % local, first = g - l;
      ASSERT_EQ(out[4 * g + 0], static_cast<int>(first + local - 1 - l)) << local;
      ASSERT_EQ(out[4 * g + 1], static_cast<int>(first + (l + 1) % local)) << local;
      ASSERT_EQ(out[4 * g + 2], static_cast<int>(first)) << local;
      ASSERT_EQ(out[4 * g + 3], 1) << local;
    }
  }
}

// A local tile walked with pointer arithmetic: each item sums its row of a 2D tile.
TEST_P(sycl_multi_ptr, multi_ptr_walks_a_2d_local_tile) {
  const std::size_t rows = 4, columns = 9, groups = 2, n = rows * groups;
  shared_array<int> out(n, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 2> tile(sycl::range<2>{rows, columns}, h);
     h.parallel_for<class tile_rows>(sycl::nd_range<1>{n, rows}, COHORT_LAMBDA(sycl::nd_item<1> it) {
       const std::size_t r = it.get_local_id(0);
       for (std::size_t c = 0; c < columns; ++c) tile[r][c] = static_cast<int>(it.get_group(0) * 1000 + r * columns + c);
       it.barrier(sycl::access::fence_space::local_space);
       const std::size_t source = rows - 1 - r;
       sycl::raw_local_ptr<const int> p = tile.get_multi_ptr<decorated::no>() + static_cast<std::ptrdiff_t>(source * columns);
       const sycl::raw_local_ptr<const int> end = p + static_cast<std::ptrdiff_t>(columns);
       int s = 0;
       for (; p != end; ++p) s += *p;
       o[it.get_global_id(0)] = s;
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t g = i / rows, source = rows - 1 - i % rows;
    int expected = 0;
    for (std::size_t c = 0; c < columns; ++c) expected += static_cast<int>(g * 1000 + source * columns + c);
    ASSERT_EQ(out[i], expected);
  }
}

// Group algorithms take multi_ptrs as their pointers.
TEST_P(sycl_multi_ptr, joint_reduce_over_multi_ptrs) {
  const std::size_t n = 37, local = 8;
  shared_array<int> in(n, q), out(local, q, -1);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i * i % 11);
  const int* x = in.data();
  int* o = out.data();
  q.parallel_for<class joint_over_multi_ptr>(sycl::nd_range<1>{local, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
     const auto first = sycl::address_space_cast<address_space::global_space, decorated::no>(x);
     o[it.get_local_id(0)] = sycl::joint_reduce(it.get_group(), first, first + static_cast<std::ptrdiff_t>(n), sycl::plus<int>());
   }).wait_and_throw();
  const int expected = std::accumulate(in.begin(), in.end(), 0);
  for (std::size_t i = 0; i < local; ++i) ASSERT_EQ(out[i], expected);
}

// Local memory used outside its kernel is refused, through every pointer form.
TEST_P(sycl_multi_ptr, local_pointers_outside_their_kernel_throw) {
  COHORT_SKIP_UNLESS_CPU(q, "the check runs on the host");
  std::optional<sycl::local_accessor<int, 1>> kept;
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> scratch(sycl::range<1>{4}, h);
     kept.emplace(scratch);
     h.parallel_for(sycl::nd_range<1>{4, 4}, COHORT_LAMBDA(sycl::nd_item<1> it) { scratch[it.get_local_id(0)] = 1; });
   }).wait_and_throw();
  for (int form = 0; form < 2; ++form) {
    try {
      if (form == 0)
        (void)kept->get_multi_ptr<decorated::no>();
      else
        (void)kept->get_pointer();
      FAIL() << "local memory was reachable outside its kernel";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
    }
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_multi_ptr);
