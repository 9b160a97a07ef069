// vec::load and vec::store (SYCL 2020): element i of the vec and ptr[offset * N + i], for
// every multi_ptr form, in kernels on every device against the host's reference.
#include <sycl/sycl.hpp>

#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

using sycl::access::address_space;
using sycl::access::decorated;

class vec_load_store_test : public on_device {};

template <typename T, int N>
void check_load_store(sycl::queue& q) {
  const std::size_t groups = 5;
  shared_array<T> in(groups * N, q), out(groups * N, q), out2(groups * N, q);
  for (std::size_t i = 0; i < groups * N; ++i) in.data()[i] = static_cast<T>(i * 3 + 1);
  T* src = in.data();
  T* dst = out.data();
  T* dst2 = out2.data();
  q.parallel_for(sycl::range<1>{groups}, COHORT_LAMBDA(sycl::id<1> i) {
     sycl::vec<T, N> v;
     v.load(i[0], sycl::multi_ptr<const T, address_space::global_space, decorated::no>(src));
     v += static_cast<T>(1);
     v.store(i[0], sycl::multi_ptr<T, address_space::global_space, decorated::yes>(dst));
     sycl::vec<T, N> w;
     w.load(i[0], sycl::global_ptr<T>(src));  // legacy form, non-const element type
     w.store(groups - 1 - i[0], sycl::multi_ptr<T, address_space::generic_space, decorated::no>(dst2));
   }).wait();
  for (std::size_t g = 0; g < groups; ++g)
    for (int e = 0; e < N; ++e) {
      EXPECT_EQ(out.data()[g * N + e], static_cast<T>((g * N + e) * 3 + 2)) << g << ' ' << e;
      EXPECT_EQ(out2.data()[(groups - 1 - g) * N + e], static_cast<T>((g * N + e) * 3 + 1)) << g << ' ' << e;
    }
}

TEST_P(vec_load_store_test, EveryWidth) {
  check_load_store<float, 1>(q);
  check_load_store<float, 2>(q);
  check_load_store<int, 3>(q);
  check_load_store<double, 4>(q);
  check_load_store<short, 8>(q);
  check_load_store<unsigned char, 16>(q);
}

TEST_P(vec_load_store_test, LocalAndPrivateSpaces) {
  int* out = sycl::malloc_shared<int>(8, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> local(8, h);
     h.parallel_for(sycl::nd_range<1>{1, 1}, COHORT_LAMBDA(sycl::nd_item<1>) {
       sycl::vec<int, 4> v{1, 2, 3, 4};
       v.store(1, local.get_multi_ptr<decorated::no>());
       v.store(0, local.get_multi_ptr<decorated::yes>());
       int priv[4];
       sycl::vec<int, 4> w;
       w.load(1, sycl::local_ptr<int>(&local[0]));
       w.store(0, sycl::multi_ptr<int, address_space::private_space, decorated::no>(priv));
       sycl::vec<int, 4> u;
       u.load(0, sycl::multi_ptr<int, address_space::private_space, decorated::yes>(priv));
       for (int i = 0; i < 4; ++i) out[i] = local[i] + u[i];
       for (int i = 4; i < 8; ++i) out[i] = local[i];
     });
   }).wait();
  const std::vector<int> want = {2, 4, 6, 8, 1, 2, 3, 4};
  EXPECT_EQ(std::vector<int>(out, out + 8), want);
  sycl::free(out, q);
}

TEST(vec_load_store, OnTheHost) {
  float data[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  sycl::vec<float, 4> v;
  v.load(1, sycl::multi_ptr<float, address_space::generic_space, decorated::no>(data));
  EXPECT_EQ(v.x(), 4.0f);
  EXPECT_EQ(v.w(), 7.0f);
  v.store(0, sycl::multi_ptr<float, address_space::generic_space, decorated::no>(data));
  EXPECT_EQ(data[0], 4.0f);
  EXPECT_EQ(data[3], 7.0f);
  sycl::vec<float, 3> t;  // three elements: the stride is three, not the storage's four
  t.load(1, sycl::multi_ptr<const float, address_space::generic_space, decorated::no>(data + 2));
  EXPECT_EQ(t.x(), 5.0f);
  EXPECT_EQ(t.z(), 7.0f);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(vec_load_store_test);

}  // namespace
