// sub_group::load and sub_group::store (SYCL 2020): the blocked layout (item i of a
// sub-group reads and writes p[i]; with vec<T, N>, element k of item i is
// p[i + k * max_local_range]) on plain pointers, global multi_ptrs and local memory, for
// every sub-group size the device lists, partial sub-groups included, against a host
// reference; places no item owns stay untouched.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

using sycl::access::address_space;
using sycl::access::decorated;

/// Launches `kernel` with sub-groups of `size` (the kernel's type does not depend on it).
template <typename Kernel>
void launch(sycl::queue& q, const sycl::nd_range<1>& ndr, std::size_t size, const Kernel& kernel) {
  namespace syclex = sycl::ext::oneapi::experimental;
  switch (size) {
    case 1: q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<1>}, kernel).wait_and_throw(); return;
    case 8: q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<8>}, kernel).wait_and_throw(); return;
    case 16: q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<16>}, kernel).wait_and_throw(); return;
    case 32: q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<32>}, kernel).wait_and_throw(); return;
    default: FAIL() << "no launch for sub-group size " << size;
  }
}

const std::size_t sub_group_sizes[] = {1, 8, 16, 32};
/// Work-group sizes: one item, a lone partial sub-group, whole ones, whole ones then a partial one.
const std::size_t local_sizes[] = {1, 5, 32, 40, 96};
constexpr std::size_t groups = 2;

/// The sub-group's index over the whole launch, and so its block of `per_item * max` places.
COHORT_FUNCTION inline std::size_t block_of(const sycl::nd_item<1>& it, std::size_t per_item) {
  const sycl::sub_group sg = it.get_sub_group();
  const std::size_t index = it.get_group_linear_id() * sg.get_group_range()[0] + sg.get_group_id()[0];
  return index * per_item * sg.get_max_local_range()[0];
}

/// The place of element k of the item with local id `l` (in a group of `local`) in the
/// blocked layout of sub-groups of `size`; the input holds each place's own index.
struct layout {
  std::size_t local, size;
  std::size_t sub_groups() const { return (local + size - 1) / size; }
  std::size_t places(std::size_t per_item) const { return groups * sub_groups() * per_item * size; }
  std::size_t place(std::size_t g, std::size_t l, std::size_t k, std::size_t per_item) const {
    return (g * sub_groups() + l / size) * per_item * size + k * size + l % size;
  }
};

std::vector<int> iota_values(std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i) * 7 + 1;
  return v;
}

/// Loads vec<int, N> (N = 0: a scalar) through each pointer form, records what each item got
/// (`got`, N values per item) and stores it plus one (`out`); checks both.
template <int N>
void check_vectors(sycl::queue& q) {
  constexpr std::size_t per_item = N == 0 ? 1 : N;
  for (std::size_t size : sub_group_sizes) {
    if (!cohort_test::supports_sub_group_size(q, size)) continue;
    for (std::size_t local : local_sizes) {
      const layout lay{local, size};
      const auto values = iota_values(lay.places(per_item));
      shared_array<int> in(values, q), out(values.size(), q, -1), got(groups * local * per_item, q, -1);
      const int* src = in.data();
      int* dst = out.data();
      int* seen = got.data();
      for (int form = 0; form < 3; ++form) {
        launch(q, sycl::nd_range<1>{groups * local, local}, size, COHORT_LAMBDA(sycl::nd_item<1> it) {
          const sycl::sub_group sg = it.get_sub_group();
          const std::size_t block = block_of(it, per_item);
          int* record = seen + it.get_global_linear_id() * per_item;
          // Captured outside the constexpr-if (nvcc cannot capture there first).
          const int* from = src + block;
          int* to = dst + block;
          const int how = form;
          if constexpr (N == 0) {
            int x;
            if (how == 0) {
              x = sg.load(from);
              sg.store(to, x + 1);
            } else if (how == 1) {
              x = sg.load(sycl::address_space_cast<address_space::global_space, decorated::no>(from));
              sg.store(sycl::address_space_cast<address_space::global_space, decorated::yes>(to), x + 1);
            } else {
              x = sg.load(sycl::global_ptr<const int>(from));
              sg.store(sycl::global_ptr<int>(to), x + 1);
            }
            record[0] = x;
          } else {
            sycl::vec<int, N> x;
            if (how == 0) {
              x = sg.template load<N>(from);
              sg.template store<N>(to, x + 1);
            } else if (how == 1) {
              x = sg.template load<N>(sycl::address_space_cast<address_space::global_space, decorated::no>(from));
              sg.store(sycl::address_space_cast<address_space::global_space, decorated::yes>(to), x + 1);
            } else {
              x = sg.template load<N>(sycl::global_ptr<const int>(from));
              sg.template store<N>(sycl::global_ptr<int>(to), x + 1);
            }
            for (int k = 0; k < N; ++k) record[k] = x[k];
          }
        });
        std::vector<int> expected_got, expected_out(values.size(), -1);
        for (std::size_t g = 0; g < groups; ++g)
          for (std::size_t l = 0; l < local; ++l)
            for (std::size_t k = 0; k < per_item; ++k) {
              const std::size_t p = lay.place(g, l, k, per_item);
              expected_got.push_back(values[p]);
              expected_out[p] = values[p] + 1;
            }
        EXPECT_EQ(got.to_vector(), expected_got) << "N " << N << ", form " << form << ", size " << size << ", local " << local;
        EXPECT_EQ(out.to_vector(), expected_out) << "N " << N << ", form " << form << ", size " << size << ", local " << local;
        got.fill(-1);
        out.fill(-1);
      }
    }
  }
}

class sycl_sub_group_load_store : public on_device {};

TEST_P(sycl_sub_group_load_store, scalars) { check_vectors<0>(q); }
TEST_P(sycl_sub_group_load_store, vectors_of_1) { check_vectors<1>(q); }
TEST_P(sycl_sub_group_load_store, vectors_of_3) { check_vectors<3>(q); }
TEST_P(sycl_sub_group_load_store, vectors_of_4) { check_vectors<4>(q); }
TEST_P(sycl_sub_group_load_store, vectors_of_8) { check_vectors<8>(q); }

TEST_P(sycl_sub_group_load_store, local_memory) {
  // Each work-group fills a local tile with its items' values, then every sub-group loads its
  // part of the tile back, doubles it and stores it into a second tile, which the items copy
  // out: item l of the group must end with twice the value item l put in.
  for (std::size_t size : sub_group_sizes) {
    if (!cohort_test::supports_sub_group_size(q, size)) continue;
    for (std::size_t local : local_sizes) {
      const std::size_t n = groups * local;
      const auto values = iota_values(n);
      shared_array<int> in(values, q), out(n, q, -1);
      const int* src = in.data();
      int* dst = out.data();
      q.submit([&](sycl::handler& h) {
         sycl::local_accessor<int, 1> tile(sycl::range<1>{local}, h), doubled(sycl::range<1>{local}, h);
         const std::size_t sz = size;
         auto kernel = COHORT_LAMBDA(sycl::nd_item<1> it) {
           const std::size_t l = it.get_local_linear_id();
           tile[l] = src[it.get_global_linear_id()];
           sycl::group_barrier(it.get_group());
           const sycl::sub_group sg = it.get_sub_group();
           const std::size_t first = sg.get_group_id()[0] * sg.get_max_local_range()[0];
           const int x = sg.load(tile.get_multi_ptr<decorated::no>() + first);
           sg.store(doubled.get_multi_ptr<decorated::yes>() + first, 2 * x);
           sycl::group_barrier(it.get_group());
           dst[it.get_global_linear_id()] = doubled[l];
         };
         namespace syclex = sycl::ext::oneapi::experimental;
         const sycl::nd_range<1> ndr{n, local};
         if (sz == 1) h.parallel_for(ndr, syclex::properties{syclex::sub_group_size<1>}, kernel);
         else if (sz == 8) h.parallel_for(ndr, syclex::properties{syclex::sub_group_size<8>}, kernel);
         else if (sz == 16) h.parallel_for(ndr, syclex::properties{syclex::sub_group_size<16>}, kernel);
         else h.parallel_for(ndr, syclex::properties{syclex::sub_group_size<32>}, kernel);
       }).wait_and_throw();
      std::vector<int> expected(n);
      for (std::size_t i = 0; i < n; ++i) expected[i] = 2 * values[i];
      EXPECT_EQ(out.to_vector(), expected) << "size " << size << ", local " << local;
    }
  }
}

// The members' types, as the spec gives them.
static_assert(std::is_same_v<decltype(std::declval<sycl::sub_group>().load(std::declval<const float*>())), float>);
static_assert(std::is_same_v<decltype(std::declval<sycl::sub_group>().load<4>(std::declval<sycl::global_ptr<const float>>())),
                             sycl::vec<float, 4>>);
static_assert(std::is_same_v<decltype(std::declval<sycl::sub_group>().store(std::declval<sycl::raw_local_ptr<int>>(), 1)), void>);

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_sub_group_load_store);

}  // namespace
