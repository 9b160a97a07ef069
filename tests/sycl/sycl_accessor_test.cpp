// Buffer accessors as SYCL 2020 section 4.7.6 describes them: the deduced types of the tag
// forms, ranged and offset accessors in one to three dimensions, subscripts and iterators,
// placeholders, host tasks, the handler's copy, fill and update_host, and the errors of
// accessors used where they may not be.
#include <sycl/sycl.hpp>

#include <numeric>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

class sycl_accessor : public cohort_test::on_device {};

using cohort_test::expect_errc;

TEST_P(sycl_accessor, tags_deduce_the_mode_and_target) {
  sycl::buffer<int> b(sycl::range<1>(4));
  q.submit([&](sycl::handler& h) {
    sycl::accessor rw{b, h};
    sycl::accessor ro{b, h, sycl::read_only};
    sycl::accessor wo{b, h, sycl::write_only, sycl::no_init};
    sycl::accessor ranged{b, h, sycl::range<1>(2), sycl::id<1>(1), sycl::read_only};
    static_assert(std::is_same_v<decltype(rw), sycl::accessor<int, 1, sycl::access_mode::read_write>>);
    static_assert(std::is_same_v<decltype(ro), sycl::accessor<int, 1, sycl::access_mode::read>>);
    static_assert(std::is_same_v<decltype(wo), sycl::accessor<int, 1, sycl::access_mode::write>>);
    static_assert(std::is_same_v<decltype(ranged), sycl::accessor<int, 1, sycl::access_mode::read>>);
    static_assert(std::is_same_v<decltype(ro)::value_type, const int>);
    static_assert(std::is_same_v<decltype(ro[0]), const int&>);
    static_assert(std::is_same_v<decltype(rw[0]), int&>);
    EXPECT_FALSE(rw.is_placeholder());
    EXPECT_EQ(ranged.get_range(), sycl::range<1>(2));
    EXPECT_EQ(ranged.get_offset(), sycl::id<1>(1));
    h.single_task(COHORT_LAMBDA() { wo[0] = 1; });
  });
  sycl::accessor placeholder{b, sycl::read_write_host_task};
  static_assert(std::is_same_v<decltype(placeholder),
                               sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::host_task>>);
  EXPECT_TRUE(placeholder.is_placeholder());
  sycl::host_accessor ha{b, sycl::read_only};
  static_assert(std::is_same_v<decltype(ha), sycl::host_accessor<int, 1, sycl::access_mode::read>>);
}

TEST_P(sycl_accessor, ranged_accessors_in_three_dimensions_address_the_buffer) {
  const sycl::range<3> full(3, 5, 7);
  std::vector<int> v(full.size(), -1);
  const sycl::range<3> part(2, 3, 4);
  const sycl::id<3> offset(1, 1, 2);
  {
    sycl::buffer<int, 3> b(v.data(), full);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, part, offset, sycl::write_only};
      h.parallel_for(part, COHORT_LAMBDA(sycl::item<3> it) {
        // Both subscript forms, relative to the accessor's offset.
        if (it[2] % 2 == 0)
          a[it.get_id()] = static_cast<int>(it.get_linear_id());
        else
          a[it[0]][it[1]][it[2]] = static_cast<int>(it.get_linear_id());
      });
    });
  }
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 5; ++j)
      for (std::size_t k = 0; k < 7; ++k) {
        const bool inside = i >= 1 && i < 3 && j >= 1 && j < 4 && k >= 2 && k < 6;
        const int expected = inside ? static_cast<int>(((i - 1) * 3 + (j - 1)) * 4 + (k - 2)) : -1;
        EXPECT_EQ(v[(i * 5 + j) * 7 + k], expected) << i << "," << j << "," << k;
      }
}

TEST_P(sycl_accessor, pointers_and_iterators) {
  std::vector<int> v(4 * 6);
  std::iota(v.begin(), v.end(), 0);
  sycl::buffer<int, 2> b(v.data(), sycl::range<2>(4, 6));
  sycl::host_accessor whole{b, sycl::read_only};
  sycl::host_accessor part{b, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_only};
  // get_pointer is the buffer's start, even for a ranged accessor.
  EXPECT_EQ(part.get_pointer(), whole.get_pointer());
  EXPECT_EQ(whole.get_pointer()[23], 23);
  std::vector<int> visited(part.begin(), part.end());
  EXPECT_EQ(visited, (std::vector<int>{8, 9, 10, 14, 15, 16}));
  std::vector<int> backwards(part.rbegin(), part.rend());
  EXPECT_EQ(backwards, (std::vector<int>{16, 15, 14, 10, 9, 8}));
  EXPECT_EQ(part.end() - part.begin(), 6);
  EXPECT_EQ(part.begin()[4], 15);
  EXPECT_EQ(std::accumulate(whole.begin(), whole.end(), 0), 23 * 24 / 2);
  sycl::buffer<int> one(sycl::range<1>(5));
  {
    sycl::host_accessor o{one, sycl::range<1>(3), sycl::id<1>(2), sycl::write_only};
    std::fill(o.begin(), o.end(), 9);
    EXPECT_EQ(o.end() - o.begin(), 3);
    // A second host accessor after a writer this thread still holds would wait forever.
    try {
      sycl::host_accessor r{one, sycl::read_only};
      ADD_FAILURE() << "no exception";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
    }
  }
  EXPECT_EQ(sycl::host_accessor(one, sycl::read_only)[4], 9);
}

TEST_P(sycl_accessor, placeholders_bind_with_require) {
  std::vector<int> v(100, 1);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(100));
    sycl::accessor<int> acc(b);
    EXPECT_TRUE(acc.is_placeholder());
    for (int round = 0; round < 3; ++round)
      q.submit([&](sycl::handler& h) {
        h.require(acc);
        h.parallel_for(sycl::range<1>(100), COHORT_LAMBDA(sycl::id<1> i) { acc[i] *= 2; });
      });
    EXPECT_TRUE(acc.is_placeholder());  // the kernels bound their own copies
  }
  EXPECT_EQ(v, std::vector<int>(100, 8));
}

TEST_P(sycl_accessor, host_tasks_see_the_buffer_in_order) {
  std::vector<int> v(64, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(64));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(64), COHORT_LAMBDA(sycl::id<1> i) { a[i] = static_cast<int>(i[0]); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_write_host_task};
      h.host_task([=] {
        for (int i = 0; i < 64; ++i) a[i] = a[i] * 3;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(64), COHORT_LAMBDA(sycl::id<1> i) { a[i] += 1; });
    });
  }
  for (int i = 0; i < 64; ++i) EXPECT_EQ(v[i], 3 * i + 1);
}

TEST_P(sycl_accessor, handler_copy_fill_and_update_host) {
  const sycl::range<2> r(5, 7);
  std::vector<float> v(r.size(), 0.0f);
  sycl::buffer<float, 2> b(v.data(), r);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.fill(a, 2.0f);
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<2>(3, 2), sycl::id<2>(1, 4), sycl::write_only};
    h.fill(a, -1.0f);
  });
  std::vector<float> from_host(6);
  std::iota(from_host.begin(), from_host.end(), 10.0f);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<2>(2, 3), sycl::id<2>(3, 0), sycl::write_only};
    h.copy(from_host.data(), a);
  });
  std::vector<float> region(9, 0.0f);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<2>(3, 3), sycl::id<2>(2, 3), sycl::read_only};
    h.copy(a, region.data());
  }).wait();
  // Rows 2..4, columns 3..5: the fill of -1 covers columns 4 and 5 of rows 1..3; the copy
  // from the host, columns 0..2.
  const std::vector<float> expected{2, -1, -1, 2, -1, -1, 2, 2, 2};
  EXPECT_EQ(region, expected);
  // Accessor to accessor, between buffers of another shape.
  sycl::buffer<float> line(sycl::range<1>(35));
  q.submit([&](sycl::handler& h) {
    sycl::accessor from{b, h, sycl::read_only};
    sycl::accessor to{line, h, sycl::write_only, sycl::no_init};
    h.copy(from, to);
  });
  std::vector<float> shared_dest(35);
  auto keep = std::shared_ptr<float>(new float[35], std::default_delete<float[]>());
  q.submit([&](sycl::handler& h) {
    sycl::accessor from{line, h, sycl::read_only};
    h.copy(from, keep);
  }).wait();
  for (std::size_t row = 0; row < 5; ++row)
    for (std::size_t col = 0; col < 7; ++col) {
      float e = 2;
      if (row >= 1 && row <= 3 && col >= 4 && col <= 5) e = -1;
      if (row >= 3 && col <= 2) e = from_host[(row - 3) * 3 + col];
      EXPECT_EQ(keep.get()[row * 7 + col], e) << row << "," << col;
    }
  q.submit([&](sycl::handler& h) { h.update_host(sycl::accessor{b, h, sycl::read_only}); }).wait();
  // A zero-size copy and fill do nothing.
  sycl::buffer<int> none(sycl::range<1>(0));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{none, h};
    h.fill(a, 1);
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{none, h};
    h.copy(a, static_cast<int*>(nullptr));
  }).wait();
}

// The deprecated atomic access mode (SYCL 1.2.1): subscripts give atomic<T>, with its members
// and the free functions.
TEST_P(sycl_accessor, atomic_accessors_count_every_item) {
  const std::size_t n = 1003, bins = 7;
  std::vector<int> hist(bins, 0);
  std::vector<unsigned> hist_min(1, ~0u);
  {
    sycl::buffer<int> b(hist.data(), sycl::range<1>(bins));
    sycl::buffer<unsigned> m(hist_min.data(), sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access::mode::atomic> a(b, h);
      sycl::accessor<unsigned, 1, sycl::access::mode::atomic> low(m, h);
      h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) {
        const std::size_t bin = i[0] % bins;
        if (i[0] % 2 == 0)
          a[bin].fetch_add(1);
        else
          sycl::atomic_fetch_add(a[sycl::id<1>(bin)], 1);
        low[0].fetch_min(static_cast<unsigned>(i[0] + 5));
      });
    });
  }
  for (std::size_t k = 0; k < bins; ++k) EXPECT_EQ(hist[k], static_cast<int>((n - k + bins - 1) / bins)) << k;
  EXPECT_EQ(hist_min[0], 5u);
  int value = 3;
  sycl::atomic<int, sycl::access::address_space::generic_space> x(&value);
  EXPECT_EQ(sycl::atomic_exchange(x, 9), 3);
  int expected = 9;
  EXPECT_TRUE(x.compare_exchange_strong(expected, 11));
  EXPECT_EQ(sycl::atomic_load(x), 11);
}

TEST_P(sycl_accessor, accessors_used_where_they_may_not_be_throw) {
  sycl::buffer<int> b(sycl::range<1>(8));
  // Out of the buffer's range.
  expect_errc([&] { q.submit([&](sycl::handler& h) { sycl::accessor a{b, h, sycl::range<1>(9)}; }); },
              sycl::errc::invalid);
  expect_errc([&] { sycl::host_accessor a{b, sycl::range<1>(4), sycl::id<1>(5)}; }, sycl::errc::invalid);
  // A placeholder that was not required.
  sycl::accessor<int> placeholder(b);
  expect_errc(
      [&] {
        q.submit([&](sycl::handler& h) { h.single_task(COHORT_LAMBDA() { placeholder[0] = 1; }); });
      },
      sycl::errc::kernel_argument);
  // An accessor made for another command group.
  sycl::accessor<int> stale;
  q.submit([&](sycl::handler& h) {
    stale = sycl::accessor<int>(b, h);
    h.single_task(COHORT_LAMBDA() { stale[0] = 2; });
  });
  expect_errc(
      [&] {
        q.submit([&](sycl::handler& h) { h.single_task(COHORT_LAMBDA() { stale[0] = 3; }); });
      },
      sycl::errc::kernel_argument);
  int sink[8];
  expect_errc([&] { q.submit([&](sycl::handler& h) { h.copy(stale, sink); }); }, sycl::errc::kernel_argument);
  expect_errc([&] { q.submit([&](sycl::handler& h) { h.require(stale); }); }, sycl::errc::kernel_argument);
  // Copies with null pointers, or into a smaller accessor.
  expect_errc([&] { q.submit([&](sycl::handler& h) { h.copy(sycl::accessor{b, h}, static_cast<int*>(nullptr)); }); },
              sycl::errc::invalid);
  sycl::buffer<int> small(sycl::range<1>(4));
  expect_errc(
      [&] {
        q.submit([&](sycl::handler& h) { h.copy(sycl::accessor{b, h, sycl::read_only}, sycl::accessor{small, h}); });
      },
      sycl::errc::invalid);
  // A host task with an accessor for a GPU's memory.
  if (!q.get_device().is_cpu())
    expect_errc(
        [&] {
          q.submit([&](sycl::handler& h) {
            sycl::accessor a{b, h};
            h.host_task([=] { a[0] = 1; });
          });
        },
        sycl::errc::accessor);
  // The queue still works.
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.single_task(COHORT_LAMBDA() { a[7] = 42; });
  });
  EXPECT_EQ(sycl::host_accessor(b, sycl::read_only)[7], 42);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_accessor);

}  // namespace
