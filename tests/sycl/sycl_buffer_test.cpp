// Buffers as SYCL 2020 section 4.7.2 describes them: their constructors, the data they
// start with, where it goes at the end (write-back, set_final_data, set_write_back),
// sub-buffers, reinterpret, and the errors of bad arguments.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <array>
#include <list>
#include <memory>
#include <numeric>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

class sycl_buffer : public cohort_test::on_device {};

using cohort_test::expect_errc;

/// Adds `k` to every item of `b` on the queue's device.
template <typename T, int D>
void add_on_device(sycl::queue& q, sycl::buffer<T, D>& b, T k) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(b.get_range(), COHORT_LAMBDA(sycl::item<D> it) { a[it] += k; });
  });
}

TEST_P(sycl_buffer, sizes_and_ranges) {
  sycl::buffer<double, 3> b(sycl::range<3>(2, 3, 5));
  EXPECT_EQ(b.get_range(), sycl::range<3>(2, 3, 5));
  EXPECT_EQ(b.size(), 30u);
  EXPECT_EQ(b.byte_size(), 30 * sizeof(double));
  EXPECT_EQ(b.get_count(), 30u);
  EXPECT_FALSE(b.is_sub_buffer());
  sycl::buffer<int> empty(sycl::range<1>(0));
  EXPECT_EQ(empty.size(), 0u);
  add_on_device(q, empty, 1);  // a kernel over no items
  q.wait();
}

TEST_P(sycl_buffer, host_pointer_data_is_written_back_when_the_last_copy_goes) {
  for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{4099}}) {
    std::vector<int> v(n);
    std::iota(v.begin(), v.end(), 0);
    {
      sycl::buffer<int> b(v.data(), sycl::range<1>(n));
      sycl::buffer<int> copy = b;  // copies share the buffer
      add_on_device(q, copy, 10);
      add_on_device(q, b, 100);
    }
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], static_cast<int>(i) + 110) << "n " << n << " item " << i;
  }
}

TEST_P(sycl_buffer, const_host_data_and_iterators_are_copied_and_never_written) {
  const std::vector<int> source{1, 2, 3, 4, 5};
  std::list<int> items{7, 8, 9};
  {
    sycl::buffer<int> from_const(source.data(), sycl::range<1>(5));
    sycl::buffer from_iterators(items.begin(), items.end());
    static_assert(std::is_same_v<decltype(from_iterators), sycl::buffer<int, 1>>);
    EXPECT_EQ(from_iterators.size(), 3u);
    add_on_device(q, from_const, 1);
    add_on_device(q, from_iterators, 1);
    sycl::host_accessor a{from_const};
    sycl::host_accessor c{from_iterators};
    EXPECT_EQ(a[4], 6);
    EXPECT_EQ(c[0], 8);
    EXPECT_EQ(c[2], 10);
  }
  EXPECT_EQ(source, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(items, (std::list<int>{7, 8, 9}));
}

TEST_P(sycl_buffer, containers_and_shared_pointers_get_the_data_back) {
  std::vector<float> v(33, 1.5f);
  std::array<short, 4> arr{1, 2, 3, 4};
  auto shared = std::shared_ptr<long>(new long[6]{0, 1, 2, 3, 4, 5}, std::default_delete<long[]>());
  {
    sycl::buffer bv{v};
    sycl::buffer ba{arr};
    static_assert(std::is_same_v<decltype(bv), sycl::buffer<float, 1>>);
    static_assert(std::is_same_v<decltype(ba), sycl::buffer<short, 1>>);
    sycl::buffer<long> bs(shared, sycl::range<1>(6));
    add_on_device(q, bv, 1.0f);
    add_on_device(q, ba, short{10});
    add_on_device(q, bs, 100L);
  }
  EXPECT_EQ(v, std::vector<float>(33, 2.5f));
  EXPECT_EQ(arr, (std::array<short, 4>{11, 12, 13, 14}));
  for (long i = 0; i < 6; ++i) EXPECT_EQ(shared.get()[i], i + 100);
}

TEST_P(sycl_buffer, set_final_data_chooses_where_the_data_goes) {
  std::vector<int> v(10, 1), elsewhere(10, 0), through_iterator;
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(10));
    b.set_final_data(elsewhere.data());
    add_on_device(q, b, 1);
  }
  EXPECT_EQ(v, std::vector<int>(10, 1));
  EXPECT_EQ(elsewhere, std::vector<int>(10, 2));
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(10));
    b.set_final_data(nullptr);
    add_on_device(q, b, 5);
  }
  EXPECT_EQ(v, std::vector<int>(10, 1));
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(10));
    b.set_final_data(std::back_inserter(through_iterator));
    add_on_device(q, b, 2);
  }
  EXPECT_EQ(through_iterator, std::vector<int>(10, 3));
  auto owner = std::make_shared<int>(0);
  std::weak_ptr<int> gone;
  {
    auto temporary = std::make_shared<int>(0);
    gone = temporary;
  }
  {
    sycl::buffer<int> b(sycl::range<1>(1));
    add_on_device(q, b, 0);  // uninitialised, then written: write 7 on the host
    {
      sycl::host_accessor a{b};
      a[0] = 7;
    }
    b.set_final_data(std::weak_ptr<int>(owner));
  }
  EXPECT_EQ(*owner, 7);
  {
    sycl::buffer<int> b(sycl::range<1>(1));
    {
      sycl::host_accessor a{b};
      a[0] = 1;
    }
    b.set_final_data(gone);  // expired: written nowhere, and no crash
  }
}

TEST_P(sycl_buffer, set_write_back_false_keeps_the_host_memory) {
  std::vector<int> v(5, 3);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(5));
    b.set_write_back(false);
    add_on_device(q, b, 1);
  }
  EXPECT_EQ(v, std::vector<int>(5, 3));
}

TEST_P(sycl_buffer, use_host_ptr_works_in_the_given_memory) {
  std::vector<int> v(8, 2);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(8), {sycl::property::buffer::use_host_ptr{}});
    EXPECT_TRUE(b.has_property<sycl::property::buffer::use_host_ptr>());
    add_on_device(q, b, 1);
    sycl::host_accessor a{b, sycl::read_only};
    EXPECT_EQ(&a[0], v.data());
    EXPECT_EQ(a[7], 3);
  }
  EXPECT_EQ(v, std::vector<int>(8, 3));
}

TEST_P(sycl_buffer, sub_buffers_share_their_parents_memory) {
  std::vector<int> v(6 * 4, 0);
  {
    sycl::buffer<int, 2> parent(v.data(), sycl::range<2>(6, 4));
    sycl::buffer<int, 2> rows(parent, sycl::id<2>(2, 0), sycl::range<2>(3, 4));
    sycl::buffer<int, 2> part_of_a_row(parent, sycl::id<2>(5, 1), sycl::range<2>(1, 2));
    EXPECT_TRUE(rows.is_sub_buffer());
    EXPECT_EQ(rows.get_range(), sycl::range<2>(3, 4));
    add_on_device(q, rows, 1);
    add_on_device(q, part_of_a_row, 10);
  }
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 4; ++c) {
      const int expected = (r >= 2 && r < 5 ? 1 : 0) + (r == 5 && c >= 1 && c < 3 ? 10 : 0);
      EXPECT_EQ(v[r * 4 + c], expected) << r << "," << c;
    }
}

TEST_P(sycl_buffer, reinterpret_sees_the_same_bytes) {
  std::vector<std::uint32_t> v{0x01020304u, 0x05060708u};
  {
    sycl::buffer<std::uint32_t> b(v.data(), sycl::range<1>(2));
    auto bytes = b.reinterpret<std::uint8_t>(sycl::range<1>(8));
    EXPECT_EQ(bytes.size(), 8u);
    add_on_device(q, bytes, std::uint8_t{1});
    auto as_2d = b.reinterpret<std::uint16_t, 2>(sycl::range<2>(2, 2));
    EXPECT_EQ(as_2d.get_range(), sycl::range<2>(2, 2));
    auto whole = b.reinterpret<std::uint64_t>();
    EXPECT_EQ(whole.size(), 1u);
  }
  EXPECT_EQ(v[0], 0x02030405u);
  EXPECT_EQ(v[1], 0x06070809u);
}

// SYCL 1.2.1's host get_access, still common: the discard modes write without the contents.
TEST_P(sycl_buffer, host_get_access_of_sycl_1_2_1) {
  std::vector<int> v(16, 7);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(16));
    {
      auto w = b.get_access<sycl::access::mode::discard_write>();
      static_assert(std::is_same_v<decltype(w), sycl::host_accessor<int, 1, sycl::access_mode::write>>);
      for (int i = 0; i < 16; ++i) w[i] = i;
    }
    add_on_device(q, b, 1);
    auto r = b.get_access<sycl::access::mode::read>(sycl::range<1>(4), sycl::id<1>(12));
    EXPECT_EQ(r[0], 13);
    EXPECT_EQ(r[3], 16);
  }
  EXPECT_EQ(v[15], 16);
  // The host accessor type by its SYCL 1.2.1 name.
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(16));
    {
      sycl::accessor<int, 1, sycl::access::mode::discard_write, sycl::access::target::host_buffer> w(b);
      for (int i = 0; i < 16; ++i) w[i] = 2 * i;
    }
    sycl::accessor<int, 1, sycl::access::mode::read, sycl::access::target::host_buffer> r(b, sycl::range<1>(2),
                                                                                      sycl::id<1>(3));
    EXPECT_EQ(r[0], 6);
    EXPECT_EQ(r.get_range(), sycl::range<1>(2));
  }
  EXPECT_EQ(v[15], 30);
}

TEST_P(sycl_buffer, bad_arguments_throw) {
  sycl::buffer<int, 2> b(sycl::range<2>(4, 4));
  expect_errc([&] { sycl::buffer<int, 2> s(b, sycl::id<2>(3, 0), sycl::range<2>(2, 4)); }, sycl::errc::invalid);
  expect_errc([&] { sycl::buffer<int, 2> s(b, sycl::id<2>(0, 5), sycl::range<2>(1, 0)); }, sycl::errc::invalid);
  // Not contiguous: a partial row range after a partial column range.
  expect_errc([&] { sycl::buffer<int, 2> s(b, sycl::id<2>(0, 1), sycl::range<2>(2, 2)); }, sycl::errc::invalid);
  expect_errc([&] { (void)b.reinterpret<int>(sycl::range<1>(15)); }, sycl::errc::invalid);
  sycl::buffer<char> odd(sycl::range<1>(7));
  expect_errc([&] { (void)odd.reinterpret<int>(); }, sycl::errc::invalid);
  expect_errc([] { sycl::buffer<double> huge(sycl::range<1>(~std::size_t{0} / 4)); }, sycl::errc::invalid);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_buffer);

}  // namespace
