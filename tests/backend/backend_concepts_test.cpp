// The backend seams: every backend compiled in provides the hooks of
// backend/concepts.hpp, and a device whose backend is missing from the build is refused
// with a clear error instead of running elsewhere.
#include <gtest/gtest.h>

#include <cohort/backend/concepts.hpp>
#include <cohort/cohort.hpp>

static_assert(cohort::detail::backend_launcher<cohort::backends::cpu::launcher>);
static_assert(cohort::detail::kernel_hooks_for<cohort::group<1>>);
static_assert(cohort::detail::kernel_hooks_for<cohort::group<3>>);
static_assert(cohort::detail::kernel_hooks_for<cohort::sub_group>);

TEST(backend_seams, every_device_names_a_backend_of_this_build) {
  for (const auto& d : cohort::device::get_devices()) {
    bool reached = false;
    cohort::detail::visit_backend(d.get_backend(), [&](auto) { reached = true; });
    EXPECT_TRUE(reached) << d.get_info<cohort::info::device::name>();
  }
}

TEST(backend_seams, a_backend_missing_from_the_build_is_refused) {
  try {
    cohort::detail::visit_backend(cohort::backend::cuda, [](auto) {});
#ifdef __CUDACC__
    SUCCEED();
#else
    FAIL() << "a g++ build has no CUDA launcher";
#endif
  } catch (const cohort::exception& e) {
    EXPECT_EQ(e.code(), cohort::errc::backend_mismatch);
  }
}
