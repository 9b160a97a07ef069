// Sub-group sizes in SYCL spelling (sycl_ext_oneapi_kernel_properties): the properties passed
// to queue and handler launches, the properties a kernel functor carries (get(properties_tag)),
// the device's default, and the errors. Every launch checks that the sub-group tells the
// truth: its reported sizes and ids against a host reference, and against what a collective
// over it sees (how many items took part, which one was first).
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace syclex = sycl::ext::oneapi::experimental;

namespace {

// The extension's names are cohort's kernel properties.
static_assert(SYCL_EXT_ONEAPI_KERNEL_PROPERTIES == 1);
static_assert(std::is_same_v<decltype(syclex::properties{syclex::sub_group_size<16>}),
                             decltype(cohort::properties{cohort::sub_group_size<16>})>);
static_assert(std::is_same_v<syclex::sub_group_size_key::value_t<8>, std::remove_cv_t<decltype(syclex::sub_group_size<8>)>>);
static_assert(std::is_same_v<syclex::work_group_size_key::value_t<4, 2>,
                             std::remove_cv_t<decltype(syclex::work_group_size<4, 2>)>>);
static_assert(syclex::is_property_key_v<syclex::work_group_size_hint_key> && !syclex::is_property_key_v<int>);
static_assert(syclex::is_property_list_v<syclex::empty_properties_t>);
static_assert(syclex::has_compile_time_kernel_effect_v<syclex::sub_group_size_key::value_t<32>>);
constexpr syclex::properties example{syclex::work_group_size<8, 4>, syclex::sub_group_size<16>,
                                     syclex::work_group_size_hint<64>};
static_assert(example.has_property<syclex::sub_group_size_key>() && !example.has_property<syclex::device_has_key>());
static_assert(example.get_property<syclex::sub_group_size_key>().value == 16);
static_assert(example.get_property<syclex::work_group_size_key>()[0] == 8 &&
              example.get_property<syclex::work_group_size_key>()[1] == 4);
static_assert(example.get_property<syclex::work_group_size_hint_key>()[0] == 64);
static_assert(syclex::is_property_key_v<syclex::cuda::min_work_groups_per_multiprocessor_key>);
static_assert(syclex::properties{syclex::work_group_size<64>, syclex::cuda::min_work_groups_per_multiprocessor<4>}
                  .get_property<syclex::cuda::min_work_groups_per_multiprocessor_key>()
                  .value == 4);

constexpr std::size_t fields = 7;

/// What one work-item records of its sub-group: what the sub-group reports, and what a
/// reduction and a broadcast over it actually see.
COHORT_FUNCTION inline void report(const sycl::nd_item<1>& it, int* out) {
  const sycl::sub_group sg = it.get_sub_group();
  int* o = out + it.get_global_linear_id() * fields;
  o[0] = static_cast<int>(sg.get_max_local_range()[0]);
  o[1] = static_cast<int>(sg.get_local_range()[0]);
  o[2] = static_cast<int>(sg.get_local_id()[0]);
  o[3] = static_cast<int>(sg.get_group_id()[0]);
  o[4] = static_cast<int>(sg.get_group_range()[0]);
  o[5] = sycl::reduce_over_group(sg, 1, sycl::plus<int>());                          // items that took part
  o[6] = sycl::group_broadcast(sg, static_cast<int>(it.get_local_linear_id()), 0);  // the first one
}

/// The host's reference for sub-groups of `size` in work-groups of `local` items.
std::vector<int> expected_reports(std::size_t groups, std::size_t local, std::size_t size) {
  std::vector<int> e;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t l = 0; l < local; ++l) {
      const std::size_t first = l / size * size, actual = std::min(size, local - first);
      for (std::size_t v : {size, actual, l % size, l / size, (local + size - 1) / size, actual, first})
        e.push_back(static_cast<int>(v));
    }
  return e;
}

/// A kernel functor that carries its sub-group size (and nothing else) itself.
template <std::uint32_t S>
struct sized_reporter {
  int* out;
  COHORT_FUNCTION void operator()(sycl::nd_item<1> it) const { report(it, out); }
  auto get(syclex::properties_tag) const { return syclex::properties{syclex::sub_group_size<S>}; }
};

/// A functor without properties of its own.
struct plain_reporter {
  int* out;
  COHORT_FUNCTION void operator()(sycl::nd_item<1> it) const { report(it, out); }
};

/// Work-group sizes: one item, a partial sub-group alone, whole ones, whole ones and a
/// partial one, and sizes that are not powers of two.
const std::size_t local_sizes[] = {1, 5, 24, 32, 40, 64};
constexpr std::size_t groups = 3;

/// Runs every way of asking for sub-groups of S and checks each launch's reports.
template <std::uint32_t S>
void check_every_spelling(sycl::queue& q) {
  if (!cohort_test::supports_sub_group_size(q, S)) return;
  for (std::size_t local : local_sizes) {
    const sycl::nd_range<1> ndr{groups * local, local};
    const auto expected = expected_reports(groups, local, S);
    shared_array<int> out(groups * local * fields, q, -1);
    int* o = out.data();
    auto kernel = COHORT_LAMBDA(sycl::nd_item<1> it) { report(it, o); };
    auto check = [&](const char* how) {
      EXPECT_EQ(out.to_vector(), expected) << how << ", sub-group size " << S << ", local size " << local;
      out.fill(-1);
    };

    q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<S>}, kernel).wait_and_throw();
    check("queue::parallel_for(nd_range, properties, kernel)");
    q.submit([&](sycl::handler& h) { h.parallel_for(ndr, syclex::properties{syclex::sub_group_size<S>}, kernel); })
        .wait_and_throw();
    check("handler::parallel_for(nd_range, properties, kernel)");
    const sycl::event first = q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<S>}, kernel);
    q.parallel_for(ndr, first, syclex::properties{syclex::sub_group_size<S>}, kernel).wait_and_throw();
    check("queue::parallel_for(nd_range, event, properties, kernel)");
    q.parallel_for(ndr, std::vector<sycl::event>{}, syclex::properties{syclex::sub_group_size<S>}, kernel)
        .wait_and_throw();
    check("queue::parallel_for(nd_range, events, properties, kernel)");
    q.parallel_for(ndr, sized_reporter<S>{o}).wait_and_throw();
    check("a functor's get(properties_tag)");
    q.submit([&](sycl::handler& h) { h.parallel_for(ndr, sized_reporter<S>{o}); }).wait_and_throw();
    check("a functor's get(properties_tag), through the handler");
    // The launch's properties and the functor's merge; the same key twice must agree.
    q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<S>, syclex::work_group_size_hint<1>},
                   sized_reporter<S>{o})
        .wait_and_throw();
    check("a functor's properties merged with the launch's");
    q.parallel_for(ndr, cohort::properties{cohort::sub_group_size<S>}, plain_reporter{o}).wait_and_throw();
    check("cohort::properties with a plain functor");
  }
}

class sycl_sub_group_size : public on_device {};

TEST_P(sycl_sub_group_size, every_spelling_gives_the_sub_groups_asked_for) {
  check_every_spelling<1>(q);
  check_every_spelling<8>(q);
  check_every_spelling<16>(q);
  check_every_spelling<32>(q);
}

TEST_P(sycl_sub_group_size, kernels_that_ask_for_none_get_the_device_default) {
  // This file is compiled without COHORT_DEFAULT_SUB_GROUP_SIZE: the device's own default,
  // 1 on the CPU and the warp on a GPU.
  const std::size_t size = q.get_device().is_cpu() ? 1 : 32;
  for (std::size_t local : local_sizes) {
    shared_array<int> out(groups * local * fields, q, -1);
    q.parallel_for(sycl::nd_range<1>{groups * local, local}, plain_reporter{out.data()}).wait_and_throw();
    EXPECT_EQ(out.to_vector(), expected_reports(groups, local, size)) << "local size " << local;
  }
}

TEST_P(sycl_sub_group_size, the_work_group_size_of_a_functor_and_the_launch_merge) {
  // The functor requires sub-groups of 32 (every device here lists 32), the launch a
  // work-group of 40: both apply, and another local size is refused.
  if (!cohort_test::supports_sub_group_size(q, 32)) GTEST_SKIP() << "no sub-groups of 32";
  shared_array<int> out(2 * 40 * fields, q, -1);
  q.parallel_for(sycl::nd_range<1>{80, 40}, syclex::properties{syclex::work_group_size<40>},
                 sized_reporter<32>{out.data()})
      .wait_and_throw();
  EXPECT_EQ(out.to_vector(), expected_reports(2, 40, 32));
  try {
    q.parallel_for(sycl::nd_range<1>{64, 32}, syclex::properties{syclex::work_group_size<40>},
                   sized_reporter<32>{out.data()});
    FAIL() << "a local size other than the required work-group size ran";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range) << e.what();
  }
}

TEST_P(sycl_sub_group_size, empty_launches_with_properties_run_nothing) {
  shared_array<int> out(1, q, -1);
  int* o = out.data();
  q.parallel_for(sycl::nd_range<1>{0, 32}, syclex::properties{syclex::sub_group_size<32>},
                 COHORT_LAMBDA(sycl::nd_item<1>) { o[0] = 1; })
      .wait_and_throw();
  q.parallel_for(sycl::range<1>{0}, syclex::properties{syclex::sub_group_size<32>},
                 COHORT_LAMBDA(sycl::id<1>) { o[0] = 2; })
      .wait_and_throw();
  EXPECT_EQ(out[0], -1);
}

TEST_P(sycl_sub_group_size, other_launches_take_properties) {
  constexpr std::size_t n = 37;
  shared_array<int> out(n, q, -1);
  int* o = out.data();
  // range kernels (and their size_t form): the properties are checked, the kernel runs as usual.
  q.parallel_for(sycl::range<1>{n}, syclex::properties{syclex::sub_group_size<32>, syclex::work_group_size_hint<8>},
                 COHORT_LAMBDA(sycl::id<1> i) { o[i] = static_cast<int>(i[0]) * 3; })
      .wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i) * 3);
  q.parallel_for(n, syclex::properties{syclex::work_group_size_hint<4>},
                 COHORT_LAMBDA(sycl::id<1> i) { o[i] = static_cast<int>(i[0]) + 1; })
      .wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i) + 1);
  q.single_task(syclex::properties{syclex::device_has<sycl::aspect::usm_shared_allocations>},
                COHORT_LAMBDA() { o[0] = 42; })
      .wait_and_throw();
  EXPECT_EQ(out[0], 42);
  q.submit([&](sycl::handler& h) {
     h.single_task(syclex::properties{syclex::sub_group_size<32>}, COHORT_LAMBDA() { o[1] = 43; });
   }).wait_and_throw();
  EXPECT_EQ(out[1], 43);

  // Hierarchical kernels: a required work-group size is the group size when none is given.
  shared_array<int> sizes(4, q, -1);
  int* s = sizes.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>{4}, syclex::properties{syclex::work_group_size<24>},
                               COHORT_LAMBDA(sycl::group<1> g) {
                                 g.parallel_for_work_item([&](sycl::h_item<1> i) {
                                   if (i.get_local_id(0) == 0) s[g.get_group_id(0)] = static_cast<int>(i.get_local_range(0));
                                 });
                               });
   }).wait_and_throw();
  EXPECT_EQ(sizes.to_vector(), std::vector<int>(4, 24));

  // An occupancy hint beside a fixed work-group size: the same results (a group reduction
  // and every item's own value).
  constexpr std::size_t local = 64, items = 4 * local;
  shared_array<int> sums(items, q, -1);
  int* sum = sums.data();
  q.parallel_for(sycl::nd_range<1>{items, local},
                 syclex::properties{syclex::work_group_size<local>, syclex::cuda::min_work_groups_per_multiprocessor<4>},
                 COHORT_LAMBDA(sycl::nd_item<1> it) {
                   const int v = static_cast<int>(it.get_global_linear_id());
                   sum[v] = sycl::reduce_over_group(it.get_group(), v, sycl::plus<int>()) + v;
                 })
      .wait_and_throw();
  for (std::size_t i = 0; i < items; ++i) {
    const std::size_t first = i / local * local;
    EXPECT_EQ(sums[i], static_cast<int>(local * first + local * (local - 1) / 2 + i)) << i;
  }
  try {
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>{4}, sycl::range<1>{16}, syclex::properties{syclex::work_group_size<24>},
                                COHORT_LAMBDA(sycl::group<1>) {});
    });
    FAIL() << "a hierarchical launch ran with another group size than the required one";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range) << e.what();
  }
}

/// Expects `launch()` to throw errc::kernel_not_supported at submission.
template <typename F>
void expect_not_supported(F launch, const char* what) {
  try {
    launch();
    ADD_FAILURE() << what << ": no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported) << what << ": " << e.what();
  }
}

TEST_P(sycl_sub_group_size, unsupported_sizes_and_aspects_throw_kernel_not_supported) {
  shared_array<int> out(64 * fields, q, -1);
  int* o = out.data();
  const sycl::nd_range<1> ndr{64, 32};
  expect_not_supported([&] { q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<7>}, plain_reporter{o}); },
                       "sub_group_size<7> on the queue");
  expect_not_supported(
      [&] {
        q.submit([&](sycl::handler& h) { h.parallel_for(ndr, syclex::properties{syclex::sub_group_size<64>}, plain_reporter{o}); });
      },
      "sub_group_size<64> on the handler");
  expect_not_supported([&] { q.parallel_for(ndr, sized_reporter<3>{o}); }, "a functor's sub_group_size<3>");
  expect_not_supported(
      [&] { q.parallel_for(sycl::range<1>{8}, syclex::properties{syclex::sub_group_size<7>}, COHORT_LAMBDA(sycl::id<1>) {}); },
      "sub_group_size<7> on a range kernel");
  expect_not_supported([&] { q.single_task(syclex::properties{syclex::sub_group_size<7>}, COHORT_LAMBDA() {}); },
                       "sub_group_size<7> on a single task");
  if (q.get_device().is_cpu())
    expect_not_supported(
        [&] { q.single_task(syclex::properties{syclex::device_has<sycl::aspect::gpu>}, COHORT_LAMBDA() {}); },
        "device_has<gpu> on a CPU");
  else
    expect_not_supported(
        [&] { q.single_task(syclex::properties{syclex::device_has<sycl::aspect::cpu>}, COHORT_LAMBDA() {}); },
        "device_has<cpu> on a GPU");
  // Nothing ran.
  for (int v : out.to_vector()) ASSERT_EQ(v, -1);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_sub_group_size);

}  // namespace
