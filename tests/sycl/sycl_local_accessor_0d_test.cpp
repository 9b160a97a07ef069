// local_accessor<T, 0> (SYCL 2020): one T per work-group, used through its conversion to
// T&, its assignment, get_pointer and get_multi_ptr; next to other local accessors without
// overlapping them; groups of one item, of sizes that are not powers of two, and none.
#include <sycl/sycl.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

using sycl::access::decorated;

static_assert(sycl::local_accessor<int, 0>::dimensions == 0);
static_assert(std::is_same_v<sycl::local_accessor<float, 0>::value_type, float>);
static_assert(std::is_same_v<sycl::local_accessor<float, 0>::reference, float&>);
static_assert(std::is_convertible_v<const sycl::local_accessor<int, 0>&, int&>);
static_assert(std::is_same_v<decltype(std::declval<const sycl::local_accessor<int, 0>&>().get_multi_ptr<decorated::no>()),
                             sycl::raw_local_ptr<int>>);
static_assert(!std::is_constructible_v<sycl::local_accessor<int, 0>, sycl::range<1>, sycl::handler&>);

class sycl_local_accessor_0d : public on_device {};

TEST_P(sycl_local_accessor_0d, each_group_shares_one_value) {
  // The group's first item assigns its group's number; after a barrier every item reads it
  // through each access path, and counts itself into a second one with an atomic.
  for (std::size_t local : {1, 7, 64, 100}) {
    constexpr std::size_t groups = 3;
    const std::size_t n = groups * local;
    shared_array<int> out(n * 4, q, -1), counts(groups, q, -1);
    int* o = out.data();
    int* c = counts.data();
    q.submit([&](sycl::handler& h) {
       sycl::local_accessor<int, 0> shared(h);
       sycl::local_accessor<int, 0> count(h);
       EXPECT_EQ(shared.size(), 1u);
       EXPECT_EQ(shared.byte_size(), sizeof(int));
       h.parallel_for(sycl::nd_range<1>{n, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
         if (it.get_local_linear_id() == 0) {
           shared = static_cast<int>(it.get_group_linear_id()) * 10 + 1;
           count = 0;
         }
         sycl::group_barrier(it.get_group());
         int& counter = count;
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                          sycl::access::address_space::local_space>(counter)
             .fetch_add(1);
         const int& value = shared;
         int* record = o + it.get_global_linear_id() * 4;
         record[0] = value;
         record[1] = *shared.get_pointer();
         record[2] = shared.get_multi_ptr<decorated::no>()[0];
         record[3] = *sycl::local_ptr<int>(shared);  // the multi_ptr made from the accessor
         sycl::group_barrier(it.get_group());
         if (it.get_local_linear_id() == 0) c[it.get_group_linear_id()] = count;
       });
     }).wait_and_throw();
    std::vector<int> expected;
    for (std::size_t g = 0; g < groups; ++g)
      for (std::size_t l = 0; l < local; ++l)
        for (int k = 0; k < 4; ++k) expected.push_back(static_cast<int>(g) * 10 + 1);
    EXPECT_EQ(out.to_vector(), expected) << "local " << local;
    EXPECT_EQ(counts.to_vector(), std::vector<int>(groups, static_cast<int>(local))) << "local " << local;
  }
}

struct alignas(16) wide {
  double a;
  std::int64_t b;
};

TEST_P(sycl_local_accessor_0d, beside_other_local_accessors_without_overlap) {
  // A char array of odd size, then a 16-byte aligned struct, then an int array: each item
  // writes its parts, and the leader reads back every part after a barrier.
  constexpr std::size_t local = 12, groups = 2;
  shared_array<long long> out(groups * 4, q, -1);
  long long* o = out.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<char, 1> bytes(sycl::range<1>{3}, h);
     sycl::local_accessor<wide, 0> w(h);
     sycl::local_accessor<int, 1> ints(sycl::range<1>{local}, h);
     h.parallel_for(sycl::nd_range<1>{groups * local, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
       const std::size_t l = it.get_local_linear_id();
       if (l < 3) bytes[l] = static_cast<char>('a' + l);
       ints[l] = static_cast<int>(l) + 100;
       if (l == 0) w = wide{2.5, static_cast<std::int64_t>(it.get_group_linear_id()) - 7};
       sycl::group_barrier(it.get_group());
       if (l == 0) {
         const wide& v = w;
         long long* r = o + it.get_group_linear_id() * 4;
         r[0] = bytes[0] + bytes[1] + bytes[2];
         int sum = 0;
         for (std::size_t i = 0; i < local; ++i) sum += ints[i];
         r[1] = sum;
         r[2] = static_cast<long long>(v.a * 2) + v.b;
         r[3] = static_cast<long long>(reinterpret_cast<std::uintptr_t>(w.get_pointer().get()) % alignof(wide));
       }
     });
   }).wait_and_throw();
  for (std::size_t g = 0; g < groups; ++g) {
    EXPECT_EQ(out[g * 4 + 0], 'a' + 'b' + 'c');
    EXPECT_EQ(out[g * 4 + 1], static_cast<long long>(local * 100 + local * (local - 1) / 2));
    EXPECT_EQ(out[g * 4 + 2], 5 + static_cast<long long>(g) - 7);
    EXPECT_EQ(out[g * 4 + 3], 0) << "misaligned";
  }
}

TEST_P(sycl_local_accessor_0d, empty_launches_and_limits) {
  shared_array<int> out(1, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 0> a(h);
     h.parallel_for(sycl::nd_range<1>{0, 8}, COHORT_LAMBDA(sycl::nd_item<1>) {
       a = 1;
       o[0] = a;
     });
   }).wait_and_throw();
  EXPECT_EQ(out[0], -1);
  // More than the device's local memory in one T.
  using huge = std::array<char, (std::size_t{1} << 30)>;
  try {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<huge, 0> a(h);
      h.parallel_for(sycl::nd_range<1>{8, 8}, COHORT_LAMBDA(sycl::nd_item<1>) { (void)a; });
    });
    FAIL() << "a local accessor larger than local memory was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::memory_allocation) << e.what();
  }
}

TEST_P(sycl_local_accessor_0d, outside_its_kernel_it_throws) {
  COHORT_SKIP_UNLESS_CPU(q, "the host detects local memory used outside a kernel only on the CPU backend");
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 0> a(h);
     try {
       int& r = a;
       (void)r;
       ADD_FAILURE() << "local memory was reachable outside a kernel";
     } catch (const sycl::exception& e) {
       EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
     }
     h.parallel_for(sycl::nd_range<1>{8, 8}, COHORT_LAMBDA(sycl::nd_item<1>) { (void)a; });
   }).wait_and_throw();
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_local_accessor_0d);

}  // namespace
