// The backend seams: every backend compiled in provides the hooks of
// backend/concepts.hpp, and a kernel for a device whose backend this translation unit
// cannot launch is refused with a clear error instead of running elsewhere.
#include <gtest/gtest.h>

#include <cohort/backend/concepts.hpp>
#include <cohort/cohort.hpp>

static_assert(cohort::detail::backend_launcher<cohort::backends::cpu::launcher>);
#if defined(__CUDACC__)
static_assert(cohort::detail::backend_launcher<cohort::backends::cuda::launcher>);
#endif
static_assert(cohort::detail::kernel_hooks_for<cohort::group<1>>);
static_assert(cohort::detail::kernel_hooks_for<cohort::group<3>>);
static_assert(cohort::detail::kernel_hooks_for<cohort::sub_group>);

using here = cohort::detail::launchable_here;

TEST(backend_seams, the_cpu_is_launchable_everywhere) {
  bool reached = false;
  cohort::detail::visit_backend<here>(cohort::backend::cpu, nullptr, [&](auto) { reached = true; });
  EXPECT_TRUE(reached);
}

TEST(backend_seams, cuda_kernels_need_nvcc) {
  bool reached = false;
  try {
    cohort::detail::visit_backend<here>(cohort::backend::cuda, nullptr, [&](auto) { reached = true; });
  } catch (const cohort::exception& e) {
    EXPECT_EQ(e.code(), cohort::errc::kernel_not_supported);
    EXPECT_NE(std::string(e.what()).find("nvcc"), std::string::npos) << e.what();
  }
#if defined(__CUDACC__)
  EXPECT_TRUE(reached);
#else
  EXPECT_FALSE(reached) << "a g++ translation unit has no CUDA launcher";
#endif
}
