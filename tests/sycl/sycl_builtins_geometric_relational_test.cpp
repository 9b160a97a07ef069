// SYCL 2020 geometric (4.17.10) and relational (4.17.11) functions, written from the
// specification: dot, cross, length, distance, normalize and the fast_ forms on hand-worked
// vectors (3-4-5 triangles, unit axes); relational results as the spec types them (bool,
// marray<bool, N>, vec of -1/0 in the element's signed integer), the NaN rules of the
// comparisons, classification of subnormals (half's own), signbit of -0, any/all, bitselect
// on the bits of floats, select by bool and by the mask's most significant bit; in kernels
// on every device.
// float4 and its kind under nvcc too (aliases.hpp: no using-directive at file scope then).
#define COHORT_CUDA_VECTOR_ALIASES
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

const float qnan = std::numeric_limits<float>::quiet_NaN();
const float inf = std::numeric_limits<float>::infinity();

static_assert(std::is_same_v<decltype(sycl::dot(sycl::float3(), sycl::float3())), float>);
static_assert(std::is_same_v<decltype(sycl::length(sycl::mdouble4())), double>);
static_assert(std::is_same_v<decltype(sycl::dot(1.0, 2.0)), double>);
static_assert(std::is_same_v<decltype(sycl::normalize(std::declval<sycl::float4&>().swizzle<0, 1, 2>())), sycl::float3>);
static_assert(std::is_same_v<decltype(sycl::isequal(1.0f, 2.0f)), bool>);
static_assert(std::is_same_v<decltype(sycl::isequal(sycl::float4(), sycl::float4())), sycl::int4>);
static_assert(std::is_same_v<decltype(sycl::isnan(sycl::double2())), sycl::long2>);
static_assert(std::is_same_v<decltype(sycl::isinf(sycl::half3())), sycl::short3>);
static_assert(std::is_same_v<decltype(sycl::isless(sycl::mfloat3(), sycl::mfloat3())), sycl::mbool3>);
static_assert(std::is_same_v<decltype(sycl::signbit(std::declval<sycl::double4&>().swizzle<0, 1>())), sycl::long2>);
static_assert(std::is_same_v<decltype(sycl::any(sycl::int4())), int> && std::is_same_v<decltype(sycl::all(sycl::mbool2())), bool>);

template <typename F, typename... A>
concept callable = requires(F f, A... a) { f(a...); };
struct call_cross {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::cross(x, x)) { return sycl::cross(x, x); }
};
struct call_length {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::length(x)) { return sycl::length(x); }
};
struct call_fast_length {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::fast_length(x)) { return sycl::fast_length(x); }
};
static_assert(callable<call_cross, sycl::float3> && callable<call_cross, sycl::mdouble4> && !callable<call_cross, sycl::float2>);
static_assert(callable<call_length, sycl::half4> && !callable<call_length, sycl::float8>, "geometric: 2 to 4 elements");
static_assert(callable<call_fast_length, sycl::float2> && !callable<call_fast_length, sycl::double2>, "fast_: float only");

TEST(sycl_builtins_geometric, hand_worked_vectors) {
  EXPECT_EQ(sycl::dot(sycl::float3(1.0f, 2.0f, 3.0f), sycl::float3(4.0f, -5.0f, 6.0f)), 12.0f);
  EXPECT_EQ(sycl::dot(sycl::mdouble2(0.5, 2.0), sycl::mdouble2(4.0, 0.25)), 2.5);
  EXPECT_EQ(sycl::dot(3.0f, -2.0f), -6.0f);
  EXPECT_EQ(sycl::length(sycl::float2(3.0f, 4.0f)), 5.0f);
  EXPECT_EQ(sycl::length(sycl::double4(1.0, 1.0, 1.0, 1.0)), 2.0);
  EXPECT_EQ(sycl::length(-7.0f), 7.0f);
  EXPECT_EQ(static_cast<float>(sycl::length(sycl::half3(sycl::half(2.0f), sycl::half(3.0f), sycl::half(6.0f)))), 7.0f);
  EXPECT_EQ(sycl::distance(sycl::float3(1.0f, 1.0f, 1.0f), sycl::float3(4.0f, 5.0f, 1.0f)), 5.0f);
  EXPECT_EQ(sycl::distance(2.0, -1.0), 3.0);

  const sycl::float3 x(1.0f, 0.0f, 0.0f), y(0.0f, 1.0f, 0.0f);
  const sycl::float3 z = sycl::cross(x, y);
  EXPECT_EQ(z[0], 0.0f);
  EXPECT_EQ(z[1], 0.0f);
  EXPECT_EQ(z[2], 1.0f);
  const sycl::double4 c = sycl::cross(sycl::double4(1.0, 2.0, 3.0, 9.0), sycl::double4(4.0, 5.0, 6.0, 9.0));
  EXPECT_EQ(c[0], -3.0);
  EXPECT_EQ(c[1], 6.0);
  EXPECT_EQ(c[2], -3.0);
  EXPECT_EQ(c[3], 0.0);  // the fourth element of a 4-element cross product is 0

  const sycl::float2 n = sycl::normalize(sycl::float2(3.0f, 4.0f));
  EXPECT_EQ(n[0], 0.6f);  // 3 / 5 and 4 / 5, each rounded once
  EXPECT_EQ(n[1], 0.8f);
  EXPECT_EQ(sycl::normalize(sycl::float3(0.0f))[1], 0.0f);  // all zero: p itself
  EXPECT_EQ(sycl::normalize(-2.5), -1.0);
  sycl::float4 p(0.0f, 0.0f, 3.0f, 4.0f);
  const sycl::float2 nz = sycl::normalize(p.swizzle<2, 3>());
  EXPECT_FLOAT_EQ(nz[1], 0.8f);

  EXPECT_NEAR(sycl::fast_length(sycl::float2(3.0f, 4.0f)), 5.0f, 5.0f * 8192 * 1.2e-7f);
  EXPECT_NEAR(sycl::fast_distance(sycl::float4(1.0f), sycl::float4(2.0f)), 2.0f, 2.0f * 8192 * 1.2e-7f);
  const sycl::float3 fn = sycl::fast_normalize(sycl::float3(0.0f, 0.0f, -9.0f));
  EXPECT_NEAR(fn[2], -1.0f, 8192 * 1.2e-7f);
  EXPECT_EQ(sycl::fast_normalize(sycl::float2(0.0f))[0], 0.0f);
}

TEST(sycl_builtins_relational, scalars_follow_the_nan_rules) {
  EXPECT_TRUE(sycl::isequal(1.0f, 1.0f));
  EXPECT_FALSE(sycl::isequal(qnan, qnan));
  EXPECT_TRUE(sycl::isnotequal(qnan, qnan));
  EXPECT_FALSE(sycl::isgreater(qnan, 0.0f) || sycl::isgreaterequal(qnan, 0.0f) || sycl::isless(qnan, 0.0f) ||
               sycl::islessequal(0.0f, qnan) || sycl::islessgreater(qnan, 1.0f));
  EXPECT_TRUE(sycl::islessgreater(1.0, 2.0) && !sycl::islessgreater(2.0, 2.0));
  EXPECT_TRUE(sycl::isequal(-0.0, 0.0));
  EXPECT_TRUE(sycl::isordered(1.0f, 2.0f) && !sycl::isordered(1.0f, qnan));
  EXPECT_TRUE(sycl::isunordered(qnan, 1.0f) && !sycl::isunordered(inf, -inf));
  EXPECT_TRUE(sycl::isfinite(std::numeric_limits<float>::max()) && !sycl::isfinite(inf) && !sycl::isfinite(qnan));
  EXPECT_TRUE(sycl::isinf(-inf) && !sycl::isinf(qnan));
  EXPECT_TRUE(sycl::isnan(std::nan("")) && !sycl::isnan(inf));
  EXPECT_TRUE(sycl::isnormal(1.0) && !sycl::isnormal(0.0) && !sycl::isnormal(std::numeric_limits<double>::denorm_min()));
  EXPECT_TRUE(sycl::signbit(-0.0f) && !sycl::signbit(0.0f) && sycl::signbit(-inf));
  // half classifies in its own format: 2^-20 is subnormal in half though normal in float.
  EXPECT_FALSE(sycl::isnormal(sycl::half(0x1p-20f)));
  EXPECT_TRUE(sycl::isnormal(sycl::half(0x1p-14f)));
  EXPECT_TRUE(sycl::isinf(sycl::half(1e6f)) && sycl::isnan(std::numeric_limits<sycl::half>::quiet_NaN()));
  EXPECT_TRUE(sycl::signbit(sycl::half(-0.0f)));
  EXPECT_TRUE(sycl::isless(sycl::half(1.0f), sycl::half(1.0009765625f)));
}

TEST(sycl_builtins_relational, vectors_give_minus_one_marrays_bool) {
  const sycl::float4 a(1.0f, qnan, -0.0f, inf), b(1.0f, qnan, 0.0f, 2.0f);
  const sycl::int4 eq = sycl::isequal(a, b);
  EXPECT_EQ(eq[0], -1);
  EXPECT_EQ(eq[1], 0);
  EXPECT_EQ(eq[2], -1);
  EXPECT_EQ(eq[3], 0);
  const sycl::int4 ne = sycl::isnotequal(a, b);
  EXPECT_EQ(ne[1], -1);
  const sycl::int4 nan = sycl::isnan(a);
  EXPECT_EQ(nan[1], -1);
  EXPECT_EQ(nan[0], 0);
  const sycl::long2 sb = sycl::signbit(sycl::double2(-0.0, 1.0));
  EXPECT_EQ(sb[0], -1);
  EXPECT_EQ(sb[1], 0);
  const sycl::int2 gt = sycl::isgreater(a.swizzle<3, 0>(), b.swizzle<3, 0>());
  EXPECT_EQ(gt[0], -1);
  EXPECT_EQ(gt[1], 0);
  const sycl::mbool3 lt = sycl::isless(sycl::mfloat3(1.0f, 2.0f, qnan), sycl::mfloat3(2.0f, 2.0f, 3.0f));
  EXPECT_TRUE(lt[0]);
  EXPECT_FALSE(lt[1]);
  EXPECT_FALSE(lt[2]);
  const sycl::short2 hi = sycl::isinf(sycl::half2(sycl::half(1e5f), sycl::half(1.0f)));
  EXPECT_EQ(hi[0], -1);
  EXPECT_EQ(hi[1], 0);

  EXPECT_EQ(sycl::any(eq), 1);
  EXPECT_EQ(sycl::all(eq), 0);
  EXPECT_EQ(sycl::all(sycl::int2(-1, INT32_MIN)), 1);  // only the most significant bit counts
  EXPECT_EQ(sycl::any(sycl::int4(1, 2, 0x7fffffff, 0)), 0);
  EXPECT_EQ(sycl::any(eq.swizzle<1, 3>()), 0);
  EXPECT_TRUE(sycl::any(lt) && !sycl::all(lt));
}

TEST(sycl_builtins_relational, bitselect_and_select) {
  EXPECT_EQ(sycl::bitselect(0xf0f0u, 0x0ff0u, 0xff00u), (0x0ff0u & 0xff00u) | (0xf0f0u & 0x00ffu));
  // On floats the bits are selected: the sign bit of -1 with the rest of 2 gives -2.
  const float sign_mask = sycl::bit_cast<float>(0x80000000u);
  EXPECT_EQ(sycl::bitselect(2.0f, -1.0f, sign_mask), -2.0f);
  const sycl::double2 d = sycl::bitselect(sycl::double2(3.0), sycl::double2(-5.0), sycl::double2(0.0, sycl::bit_cast<double>(0x8000000000000000ull)));
  EXPECT_EQ(d[0], 3.0);
  EXPECT_EQ(d[1], -3.0);
  EXPECT_EQ(sycl::bitselect(sycl::uchar2(0x0f, 0xaa), sycl::uchar2(0xf0, 0x55), sycl::uchar2(0xff, 0x0f))[1], 0xa5);

  EXPECT_EQ(sycl::select(1.5, 2.5, true), 2.5);
  EXPECT_EQ(sycl::select(7, 9, false), 7);
  const sycl::float4 s = sycl::select(sycl::float4(1.0f), sycl::float4(2.0f), sycl::int4(-1, 0, INT32_MIN, 1));
  EXPECT_EQ(s[0], 2.0f);
  EXPECT_EQ(s[1], 1.0f);
  EXPECT_EQ(s[2], 2.0f);  // only the most significant bit counts
  EXPECT_EQ(s[3], 1.0f);
  const sycl::double2 su = sycl::select(sycl::double2(1.0), sycl::double2(2.0), sycl::ulong2(0x8000000000000000ull, 1u));
  EXPECT_EQ(su[0], 2.0);
  EXPECT_EQ(su[1], 1.0);
  const sycl::mint3 m = sycl::select(sycl::mint3(1, 2, 3), sycl::mint3(4, 5, 6), sycl::mbool3(true, false, true));
  EXPECT_EQ(m[0], 4);
  EXPECT_EQ(m[1], 2);
  EXPECT_EQ(m[2], 6);
  // A comparison's -1/0 result is a select mask.
  const sycl::float2 lo(1.0f, 5.0f), hi(3.0f, 2.0f);
  const sycl::float2 smaller = sycl::select(hi, lo, sycl::isless(lo, hi));
  EXPECT_EQ(smaller[0], 1.0f);
  EXPECT_EQ(smaller[1], 2.0f);
}

class sycl_builtins_geometric_relational_device : public on_device {};

TEST_P(sycl_builtins_geometric_relational_device, functions_in_kernels) {
  constexpr std::size_t n = 100;
  shared_array<sycl::float4> pts(n, q);
  for (std::size_t i = 0; i < n; ++i) {
    const float t = static_cast<float>(i);
    pts[i] = sycl::float4(t - 50.0f, 0.5f * t, (i % 7 == 0) ? qnan : 3.0f, (i % 5 == 0) ? 0.0f : -t);
  }
  shared_array<float> lengths(n, q), dots(n, q);
  shared_array<sycl::float3> crosses(n, q), normals(n, q);
  shared_array<sycl::int4> nans(n, q);
  shared_array<sycl::float4> picked(n, q);
  const sycl::float4* p = pts.data();
  float* len = lengths.data();
  float* dt = dots.data();
  sycl::float3* cr = crosses.data();
  sycl::float3* nm = normals.data();
  sycl::int4* na = nans.data();
  sycl::float4* pk = picked.data();
  q.parallel_for<class geometric_kernel>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> idx) {
     const std::size_t i = idx[0];
     const sycl::float4 v = p[i];
     len[i] = sycl::length(v.swizzle<0, 1>());
     dt[i] = sycl::dot(v.swizzle<0, 1, 3>(), sycl::float3(1.0f, 2.0f, 3.0f));
     cr[i] = sycl::cross(sycl::float3(v.swizzle<0, 1, 3>()), sycl::float3(0.0f, 0.0f, 1.0f));
     nm[i] = sycl::normalize(sycl::float3(v.swizzle<0, 1, 3>()));
     na[i] = sycl::isnan(v);
     pk[i] = sycl::select(v, sycl::float4(-1.0f), sycl::isunordered(v, v));
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const sycl::float4 v = pts[i];
    const float x = v[0], y = v[1], w = v[3];
    EXPECT_FLOAT_EQ(lengths[i], std::sqrt(x * x + y * y));
    EXPECT_FLOAT_EQ(dots[i], x + 2.0f * y + 3.0f * w);
    EXPECT_EQ(crosses[i][0], y);
    EXPECT_EQ(crosses[i][1], -x);
    EXPECT_EQ(crosses[i][2], 0.0f);
    const float l = std::sqrt(x * x + y * y + w * w);
    if (l > 0.0f) {
      EXPECT_NEAR(normals[i][2], w / l, 1e-6f);
    }
    const bool isnan_z = (i % 7 == 0);
    EXPECT_EQ(nans[i][2], isnan_z ? -1 : 0);
    EXPECT_EQ(nans[i][0], 0);
    EXPECT_EQ(picked[i][2], isnan_z ? -1.0f : 3.0f);
    EXPECT_EQ(picked[i][0], x);
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_builtins_geometric_relational_device);

}  // namespace
