// SYCL 2020 vec aliases and swizzles, written from the specification: the <type><elems> and
// m<type><elems> aliases, swizzle<...>(), the simple XYZW/RGBA swizzles (SYCL_SIMPLE_SWIZZLES),
// lo/hi/even/odd as views, reads, writes through the view (only without repeated indexes),
// swizzles of swizzles, operators mixing views, vecs and scalars, and swizzles in kernels.
// float4 and its kind under nvcc too (aliases.hpp: no using-directive at file scope then).
#define COHORT_CUDA_VECTOR_ALIASES
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>

#include <cstdint>
#include <type_traits>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

// ---- Aliases.
static_assert(std::is_same_v<sycl::char2, sycl::vec<std::int8_t, 2>> && std::is_same_v<sycl::uchar16, sycl::vec<std::uint8_t, 16>>);
static_assert(std::is_same_v<sycl::short3, sycl::vec<std::int16_t, 3>> && std::is_same_v<sycl::ushort4, sycl::vec<std::uint16_t, 4>>);
static_assert(std::is_same_v<sycl::int8, sycl::vec<std::int32_t, 8>> && std::is_same_v<sycl::uint4, sycl::vec<std::uint32_t, 4>>);
static_assert(std::is_same_v<sycl::long2, sycl::vec<std::int64_t, 2>> && std::is_same_v<sycl::ulong3, sycl::vec<std::uint64_t, 3>>);
static_assert(std::is_same_v<sycl::half4, sycl::vec<sycl::half, 4>> && std::is_same_v<sycl::float16, sycl::vec<float, 16>>);
static_assert(std::is_same_v<sycl::double2, sycl::vec<double, 2>>);
static_assert(std::is_same_v<sycl::mfloat4, sycl::marray<float, 4>> && std::is_same_v<sycl::mbool3, sycl::marray<bool, 3>>);
static_assert(std::is_same_v<sycl::mint16, sycl::marray<std::int32_t, 16>> && std::is_same_v<sycl::mhalf8, sycl::marray<sycl::half, 8>>);
static_assert(std::is_same_v<sycl::mulong2, sycl::marray<std::uint64_t, 2>> && std::is_same_v<sycl::mchar3, sycl::marray<std::int8_t, 3>>);
static_assert(sizeof(sycl::half3) == 8 && alignof(sycl::half3) == 8, "vec<T, 3> is laid out as vec<T, 4>");

// ---- Which swizzles exist.
template <typename V>
concept has_xy = requires(V v) { v.xy(); };
template <typename V>
concept has_wzyx = requires(V v) { v.wzyx(); };
template <typename V>
concept has_rgba = requires(V v) { v.rgba(); };
template <typename V>
concept has_xz = requires(V v) { v.xz(); };
template <typename V, typename R>
concept assignable_xy = requires(V v, R r) { v.xy() = r; };
template <typename V, typename R>
concept assignable_xx = requires(V v, R r) { v.xx() = r; };

static_assert(has_xy<sycl::float2> && has_xy<sycl::float4> && !has_xy<sycl::float8>, "XYZW swizzles: up to 4 elements");
static_assert(!has_xz<sycl::float2> && has_xz<sycl::float3>, "a letter must name an element");
static_assert(has_wzyx<sycl::int4> && !has_wzyx<sycl::int3>);
static_assert(has_rgba<sycl::float4> && !has_rgba<sycl::float3>, "RGBA swizzles: 4 elements only");
static_assert(assignable_xy<sycl::float4, sycl::float2>);
static_assert(!assignable_xx<sycl::float4, sycl::float2>, "a view with a repeated index is read-only");
static_assert(!assignable_xy<const sycl::float4, sycl::float2>, "a view of a const vec is read-only");
static_assert(!std::is_copy_constructible_v<decltype(std::declval<sycl::float4&>().xy())>);
static_assert(sycl::elem::z == 2 && sycl::elem::a == 3 && sycl::elem::sF == 15);
static_assert(std::is_same_v<decltype(std::declval<sycl::float4&>().xy() + 1.0f), sycl::float2>);
static_assert(std::is_same_v<decltype(std::declval<sycl::float4&>().xy() < sycl::float2()), sycl::int2>);
static_assert(std::is_same_v<decltype(std::declval<sycl::double4&>().xyz() == 1.0), sycl::long3>);

template <typename T, int N>
void expect_vec(const sycl::vec<T, N>& v, std::initializer_list<T> expected) {
  int i = 0;
  for (T e : expected) EXPECT_EQ(v[i++], e) << "element " << i - 1;
}

TEST(sycl_vec_swizzle, reads) {
  const sycl::float4 v(1.0f, 2.0f, 3.0f, 4.0f);
  expect_vec(sycl::float2(v.xy()), {1.0f, 2.0f});
  expect_vec(sycl::float4(v.wzyx()), {4.0f, 3.0f, 2.0f, 1.0f});
  expect_vec(sycl::float3(v.xxw()), {1.0f, 1.0f, 4.0f});
  expect_vec(sycl::float4(v.argb()), {4.0f, 1.0f, 2.0f, 3.0f});
  expect_vec(sycl::float2(v.swizzle<sycl::elem::w, sycl::elem::y>()), {4.0f, 2.0f});
  expect_vec(sycl::float2(v.swizzle<3, 3>()), {4.0f, 4.0f});
  // A swizzle of a swizzle indexes the first view's elements.
  expect_vec(sycl::float2(v.wzyx().yx()), {3.0f, 4.0f});
  expect_vec(sycl::float2(v.zyx().swizzle<2, 0>()), {1.0f, 3.0f});
  EXPECT_EQ(v.wzyx().x(), 4.0f);
  EXPECT_EQ(v.wzyx()[3], 1.0f);
  float one = v.swizzle<0>();
  EXPECT_EQ(one, 1.0f);
  EXPECT_EQ(v.zw().size(), 2u);
  expect_vec(v.zyx().convert<int>(), {3, 2, 1});
  EXPECT_EQ(v.xy().as<sycl::int2>()[0], sycl::bit_cast<int>(1.0f));
  // Constructors take views among their arguments.
  expect_vec(sycl::float4(v.zw(), v.xy()), {3.0f, 4.0f, 1.0f, 2.0f});
  expect_vec(sycl::float4(0.5f, v.yzw()), {0.5f, 2.0f, 3.0f, 4.0f});
}

TEST(sycl_vec_swizzle, writes_reach_the_vec) {
  sycl::float4 v(1.0f, 2.0f, 3.0f, 4.0f);
  v.xy() = sycl::float2(10.0f, 20.0f);
  expect_vec(v, {10.0f, 20.0f, 3.0f, 4.0f});
  v.wz() = 7.0f;
  expect_vec(v, {10.0f, 20.0f, 7.0f, 7.0f});
  // Both sides share elements: the right-hand side is read before any write.
  v.xy() = v.yx();
  expect_vec(v, {20.0f, 10.0f, 7.0f, 7.0f});
  v.bgra() = v.rgba();
  expect_vec(v, {7.0f, 10.0f, 20.0f, 7.0f});
  v.xyz().zx() = sycl::float2(-1.0f, -2.0f);  // writes z, then x
  expect_vec(v, {-2.0f, 10.0f, -1.0f, 7.0f});
  v.swizzle<3, 1>() += sycl::float2(1.0f, 2.0f);
  expect_vec(v, {-2.0f, 12.0f, -1.0f, 8.0f});
  v.yw() *= 0.5f;
  v.zx() -= v.xz();  // z - x, x - z with the values before the assignment
  expect_vec(v, {-1.0f, 6.0f, 1.0f, 4.0f});
  ++v.xy();
  const sycl::float2 old = v.zw()--;
  expect_vec(old, {1.0f, 4.0f});
  expect_vec(v, {0.0f, 7.0f, 0.0f, 3.0f});
  v.w() = 9.0f;
  v.xy().y() = 5.0f;
  expect_vec(v, {0.0f, 5.0f, 0.0f, 9.0f});

  sycl::int4 bits(1, 2, 3, 4);
  bits.xy() <<= 2;
  bits.zw() |= sycl::int2(8, 8);
  bits.x() %= 3;
  expect_vec(bits, {1, 8, 11, 12});
}

TEST(sycl_vec_swizzle, halves_are_views) {
  sycl::int8 v(0, 1, 2, 3, 4, 5, 6, 7);
  expect_vec(sycl::int4(v.lo()), {0, 1, 2, 3});
  expect_vec(sycl::int4(v.hi()), {4, 5, 6, 7});
  expect_vec(sycl::int4(v.even()), {0, 2, 4, 6});
  expect_vec(sycl::int4(v.odd()), {1, 3, 5, 7});
  expect_vec(sycl::int2(v.hi().lo()), {4, 5});
  expect_vec(sycl::int2(v.odd().hi()), {5, 7});
  v.odd() = 0;
  expect_vec(v, {0, 0, 2, 0, 4, 0, 6, 0});
  v.lo().even() = sycl::int2(-1, -2);
  expect_vec(v, {-1, 0, -2, 0, 4, 0, 6, 0});
  // vec<T, 3> counts 4 elements: hi() is (z, padding).
  sycl::float3 three(1.0f, 2.0f, 3.0f);
  three.hi().x() = 30.0f;
  EXPECT_EQ(three.z(), 30.0f);
  EXPECT_EQ(three.lo().size(), 2u);
}

TEST(sycl_vec_swizzle, operators_mix_views_vecs_and_scalars) {
  const sycl::float4 a(1.0f, 2.0f, 3.0f, 4.0f);
  const sycl::float4 b(10.0f, 20.0f, 30.0f, 40.0f);
  expect_vec(a.xy() + b.zw(), {31.0f, 42.0f});
  expect_vec(a.xy() * 2.0f, {2.0f, 4.0f});
  expect_vec(2.0f * a.wz(), {8.0f, 6.0f});
  expect_vec(sycl::float2(5.0f, 5.0f) - a.xy(), {4.0f, 3.0f});
  expect_vec(a.xy() / sycl::float2(2.0f, 4.0f), {0.5f, 0.5f});
  expect_vec(-a.yx(), {-2.0f, -1.0f});
  expect_vec(a.xyzw() == b.xyzw() / 10.0f, {-1, -1, -1, -1});
  expect_vec(a.xy() > 1.5f, {0, -1});
  expect_vec(!a.xy(), {0, 0});
  const sycl::uint4 u(1u, 2u, 0xffu, 0u);
  expect_vec(u.xz() & sycl::uint2(3u, 0x0fu), {1u, 0x0fu});
  expect_vec(~u.swizzle<3>(), {0xffffffffu});
  expect_vec(u.yz() << 1u, {4u, 0x1feu});
  expect_vec(u.xy() % 2u, {1u, 0u});
  expect_vec(u.xw() && u.yx(), {-1, 0});
}

class sycl_vec_swizzle_device : public on_device {};

// Swizzles, aliases and the built-in functions on them in a kernel.
TEST_P(sycl_vec_swizzle_device, swizzles_in_kernels) {
  constexpr std::size_t n = 257;
  shared_array<sycl::float4> data(n, q);
  for (std::size_t i = 0; i < n; ++i) data[i] = sycl::float4(float(i), float(i) + 0.5f, -float(i), 2.0f);
  sycl::float4* d = data.data();
  q.parallel_for<class swizzle_kernel>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> idx) {
     sycl::float4& v = d[idx[0]];
     v.xy() = v.yx() * v.w();
     v.zw() += sycl::float2(1.0f, 0.0f);
     v.w() = sycl::dot(v.xyz(), sycl::float3(1.0f));
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const float x = (float(i) + 0.5f) * 2.0f, y = float(i) * 2.0f, z = -float(i) + 1.0f;
    expect_vec(data[i], {x, y, z, x + y + z});
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_vec_swizzle_device);

}  // namespace
