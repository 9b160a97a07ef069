// SYCL 2020 common (4.17.9) and integer (4.17.8) functions, written from the specification:
// closed forms and hand-worked values for clamp, degrees, radians, mix, step, smoothstep and
// sign (with +-0 and NaN); the integer functions at their limits (abs of the minimum, clz and
// ctz of 0, saturation at both ends, hadd/rhadd without overflow) and, for 64-bit mul_hi
// and mad_sat, against 128-bit arithmetic; element-wise forms and kernels on every device.
// float4 and its kind under nvcc too (aliases.hpp: no using-directive at file scope then).
#define COHORT_CUDA_VECTOR_ALIASES
#include <sycl/sycl.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

static_assert(std::is_same_v<decltype(sycl::clamp(sycl::float4(), 0.0f, 1.0f)), sycl::float4>);
static_assert(std::is_same_v<decltype(sycl::abs(sycl::char3())), sycl::char3>);
static_assert(std::is_same_v<decltype(sycl::upsample(sycl::uchar2(), sycl::uchar2())), sycl::ushort2>);
static_assert(std::is_same_v<decltype(sycl::upsample(std::int32_t(), std::uint32_t())), std::int64_t>);
static_assert(std::is_same_v<decltype(sycl::upsample(sycl::marray<std::int16_t, 3>(), sycl::marray<std::uint16_t, 3>())),
                             sycl::marray<std::int32_t, 3>>);
static_assert(std::is_same_v<decltype(sycl::max(std::declval<sycl::int4&>().swizzle<0, 1>(), 3)), sycl::int2>);
static_assert(sycl::clz(0u) == 32 && sycl::clz(std::uint8_t{0}) == 8 && sycl::clz(std::int64_t{0}) == 64);
static_assert(sycl::ctz(0) == 32 && sycl::ctz(std::int16_t{0}) == 16 && sycl::popcount(-1) == 32,
              "the integer functions are constexpr");

template <typename F, typename... A>
concept callable = requires(F f, A... a) { f(a...); };
struct call_mul24 {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::mul24(x, x)) { return sycl::mul24(x, x); }
};
struct call_abs {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::abs(x)) { return sycl::abs(x); }
};
struct call_upsample {
  template <typename T, typename U>
  auto operator()(T x, U y) const -> decltype(sycl::upsample(x, y)) { return sycl::upsample(x, y); }
};
static_assert(callable<call_mul24, std::uint32_t> && !callable<call_mul24, std::int16_t>, "mul24: 32-bit integers");
static_assert(!callable<call_abs, float> && !callable<call_abs, bool>, "abs: integers");
static_assert(!callable<call_upsample, std::uint8_t, std::int8_t> && !callable<call_upsample, std::uint64_t, std::uint64_t>);

TEST(sycl_builtins_common, closed_forms) {
  EXPECT_EQ(sycl::clamp(5.0f, 0.0f, 1.0f), 1.0f);
  EXPECT_EQ(sycl::clamp(-5.0, 0.0, 1.0), 0.0);
  EXPECT_EQ(sycl::clamp(std::nanf(""), 0.0f, 1.0f), 0.0f);  // fmin(fmax(NaN, 0), 1)
  EXPECT_EQ(sycl::clamp(7, 1, 5), 5);
  const sycl::float4 c = sycl::clamp(sycl::float4(-1.0f, 0.5f, 2.0f, 0.0f), 0.0f, 1.0f);
  EXPECT_EQ(c[0], 0.0f);
  EXPECT_EQ(c[1], 0.5f);
  EXPECT_EQ(c[2], 1.0f);
  const sycl::mint3 ci = sycl::clamp(sycl::mint3(-5, 5, 50), sycl::mint3(0, 0, 0), sycl::mint3(10, 3, 10));
  EXPECT_EQ(ci[0], 0);
  EXPECT_EQ(ci[1], 3);
  EXPECT_EQ(ci[2], 10);

  EXPECT_DOUBLE_EQ(sycl::degrees(3.14159265358979323846), 180.0);
  EXPECT_FLOAT_EQ(sycl::radians(90.0f), 1.5707963f);
  EXPECT_EQ(sycl::mix(2.0f, 4.0f, 0.25f), 2.5f);
  EXPECT_EQ(sycl::mix(sycl::float2(0.0f, 10.0f), sycl::float2(10.0f, 20.0f), 0.5f)[1], 15.0f);
  EXPECT_EQ(sycl::mix(sycl::double2(0.0), sycl::double2(8.0), sycl::double2(0.25, 0.75))[1], 6.0);
  EXPECT_EQ(sycl::step(1.0f, 0.5f), 0.0f);
  EXPECT_EQ(sycl::step(1.0f, 1.0f), 1.0f);
  EXPECT_EQ(sycl::step(0.5f, sycl::float2(0.25f, 0.75f))[1], 1.0f);
  EXPECT_EQ(sycl::smoothstep(0.0f, 2.0f, 1.0f), 0.5f);
  EXPECT_EQ(sycl::smoothstep(0.0, 4.0, 1.0), 0.15625);  // t = 1/4: t^2 (3 - 2t) = 5/32
  EXPECT_EQ(sycl::smoothstep(0.0f, 1.0f, -3.0f), 0.0f);
  EXPECT_EQ(sycl::smoothstep(0.0f, 1.0f, 3.0f), 1.0f);
  EXPECT_EQ(sycl::smoothstep(0.0f, 4.0f, sycl::float2(1.0f, 5.0f))[0], 0.15625f);

  EXPECT_EQ(sycl::sign(-3.5f), -1.0f);
  EXPECT_EQ(sycl::sign(1e-30), 1.0);
  EXPECT_TRUE(std::signbit(sycl::sign(-0.0f)) && sycl::sign(-0.0f) == 0.0f);
  EXPECT_FALSE(std::signbit(sycl::sign(0.0)));
  EXPECT_EQ(sycl::sign(std::nan("")), 0.0);
  EXPECT_EQ(static_cast<float>(sycl::sign(sycl::half(-2.0f))), -1.0f);

  EXPECT_EQ(sycl::max(2.0f, 3.0f), 3.0f);
  EXPECT_EQ(sycl::min(2.0, -3.0), -3.0);
  EXPECT_EQ(sycl::max(-7, 4), 4);
  EXPECT_EQ(sycl::min(7u, 4u), 4u);
  const sycl::float4 v(1.0f, 5.0f, 3.0f, -2.0f);
  EXPECT_EQ(sycl::max(v, 2.0f)[0], 2.0f);
  EXPECT_EQ(sycl::min(v, sycl::float4(0.0f))[3], -2.0f);
  EXPECT_EQ(sycl::max(v.swizzle<3, 2>(), v.swizzle<0, 1>())[1], 5.0f);
  EXPECT_EQ(sycl::min(v.swizzle<1, 2>(), 4.0f)[0], 4.0f);
}

// 128-bit references for the 64-bit functions.
__int128 wide(std::int64_t x) { return x; }
unsigned __int128 uwide(std::uint64_t x) { return x; }
std::int64_t saturate64(__int128 v) {
  if (v > INT64_MAX) return INT64_MAX;
  if (v < INT64_MIN) return INT64_MIN;
  return static_cast<std::int64_t>(v);
}

TEST(sycl_builtins_integer, limits) {
  // abs: |INT_MIN| does not fit; it comes out as the same bits (2^31).
  EXPECT_EQ(sycl::abs(-5), 5);
  EXPECT_EQ(static_cast<unsigned>(sycl::abs(INT_MIN)), 0x80000000u);
  EXPECT_EQ(sycl::abs(std::int8_t{-128}), std::int8_t{-128});
  EXPECT_EQ(sycl::abs(7u), 7u);
  EXPECT_EQ(static_cast<unsigned>(sycl::abs_diff(INT_MIN, INT_MAX)), 0xffffffffu);
  EXPECT_EQ(sycl::abs_diff(3u, 10u), 7u);
  EXPECT_EQ(sycl::abs_diff(std::int8_t{-100}, std::int8_t{27}), std::int8_t{127});

  EXPECT_EQ(sycl::add_sat(INT_MAX, 1), INT_MAX);
  EXPECT_EQ(sycl::add_sat(INT_MIN, -1), INT_MIN);
  EXPECT_EQ(sycl::add_sat(INT_MAX, INT_MIN), -1);
  EXPECT_EQ(sycl::add_sat(std::uint8_t{200}, std::uint8_t{100}), std::uint8_t{255});
  EXPECT_EQ(sycl::add_sat(std::int8_t{100}, std::int8_t{100}), std::int8_t{127});
  EXPECT_EQ(sycl::add_sat(UINT64_MAX, std::uint64_t{1}), UINT64_MAX);
  EXPECT_EQ(sycl::sub_sat(INT_MIN, 1), INT_MIN);
  EXPECT_EQ(sycl::sub_sat(INT_MAX, -1), INT_MAX);
  EXPECT_EQ(sycl::sub_sat(0, INT_MIN), INT_MAX);
  EXPECT_EQ(sycl::sub_sat(3u, 5u), 0u);
  EXPECT_EQ(sycl::sub_sat(std::int64_t{-5}, INT64_MAX), INT64_MIN);

  EXPECT_EQ(sycl::hadd(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(sycl::hadd(INT_MIN, INT_MIN), INT_MIN);
  EXPECT_EQ(sycl::hadd(-1, 0), -1);  // floor(-1/2)
  EXPECT_EQ(sycl::rhadd(-1, 0), 0);
  EXPECT_EQ(sycl::rhadd(INT_MAX, INT_MAX - 1), INT_MAX);
  EXPECT_EQ(sycl::hadd(UINT_MAX, UINT_MAX - 2), UINT_MAX - 1);
  EXPECT_EQ(sycl::rhadd(UINT_MAX, 0u), 0x80000000u);
  EXPECT_EQ(sycl::hadd(std::uint8_t{255}, std::uint8_t{254}), std::uint8_t{254});

  EXPECT_EQ(sycl::clz(1u), 31u);
  EXPECT_EQ(sycl::clz(-1), 0);
  EXPECT_EQ(sycl::clz(std::uint16_t{0x00ff}), std::uint16_t{8});
  EXPECT_EQ(sycl::clz(std::uint64_t{1} << 40), std::uint64_t{23});
  EXPECT_EQ(sycl::ctz(std::uint64_t{1} << 40), std::uint64_t{40});
  EXPECT_EQ(sycl::ctz(std::int8_t{-128}), std::int8_t{7});
  EXPECT_EQ(sycl::ctz(std::uint64_t{0}), std::uint64_t{64});
  EXPECT_EQ(sycl::popcount(std::int8_t{-1}), std::int8_t{8});
  EXPECT_EQ(sycl::popcount(std::uint64_t{0xf0f0f0f0f0f0f0f0}), std::uint64_t{32});

  EXPECT_EQ(sycl::mul_hi(0x80000000u, 4u), 2u);
  EXPECT_EQ(sycl::mul_hi(-2, 0x40000000), -1);
  EXPECT_EQ(sycl::mul_hi(std::int8_t{-128}, std::int8_t{-128}), std::int8_t{64});
  EXPECT_EQ(sycl::mad_hi(0x80000000u, 4u, 5u), 7u);
  EXPECT_EQ(sycl::mad_sat(INT_MAX, 2, 0), INT_MAX);
  EXPECT_EQ(sycl::mad_sat(INT_MAX, 2, -INT_MAX), INT_MAX);  // exact: 2^31 - 1 fits after the add
  EXPECT_EQ(sycl::mad_sat(INT_MIN, 2, 5), INT_MIN);
  EXPECT_EQ(sycl::mad_sat(0xffffffffu, 0xffffffffu, 0xffffffffu), 0xffffffffu);
  EXPECT_EQ(sycl::mad_sat(std::int16_t{300}, std::int16_t{-200}, std::int16_t{100}), std::int16_t{-32768});

  EXPECT_EQ(sycl::rotate(0x80000001u, 1u), 0x00000003u);
  EXPECT_EQ(sycl::rotate(0x80000001u, 33u), 0x00000003u);  // counts wrap modulo 32
  EXPECT_EQ(sycl::rotate(std::uint8_t{0x81}, std::uint8_t{4}), std::uint8_t{0x18});
  EXPECT_EQ(sycl::rotate(-2, -1), INT_MAX);  // 0xfffffffe by 31
  EXPECT_EQ(sycl::rotate(std::uint64_t{1}, std::uint64_t{63}), std::uint64_t{1} << 63);

  EXPECT_EQ(sycl::upsample(std::uint8_t{0x12}, std::uint8_t{0x34}), std::uint16_t{0x1234});
  EXPECT_EQ(sycl::upsample(std::int8_t{-1}, std::uint8_t{0xfe}), std::int16_t{-2});
  EXPECT_EQ(sycl::upsample(std::uint16_t{0xabcd}, std::uint16_t{0x0001}), 0xabcd0001u);
  EXPECT_EQ(sycl::upsample(std::int32_t{-2}, std::uint32_t{5}), std::int64_t{-0x1fffffffb});
  EXPECT_EQ(sycl::mul24(1 << 23, 3), 3 << 23);
  EXPECT_EQ(sycl::mul24(-(1 << 23), -(1 << 23)), 0);  // 2^46: its low 32 bits
  EXPECT_EQ(sycl::mad24(100u, 200u, 7u), 20007u);
}

TEST(sycl_builtins_integer, sixty_four_bit_products_match_128_bit_arithmetic) {
  std::mt19937_64 rng(12345);
  std::vector<std::int64_t> special{0, 1, -1, INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1, 1ll << 32, -(1ll << 32), 3037000500};
  for (int i = 0; i < 2000; ++i) {
    const std::int64_t a = i < 100 ? special[i % special.size()] : static_cast<std::int64_t>(rng());
    const std::int64_t b = i < 100 ? special[(i / 10) % special.size()] : static_cast<std::int64_t>(rng() >> (i % 64));
    const std::int64_t c = static_cast<std::int64_t>(rng()) >> (i % 63);
    ASSERT_EQ(sycl::mul_hi(a, b), static_cast<std::int64_t>((wide(a) * wide(b)) >> 64)) << a << " " << b;
    ASSERT_EQ(sycl::mad_sat(a, b, c), saturate64(wide(a) * wide(b) + wide(c))) << a << " " << b << " " << c;
    const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b), uc = static_cast<std::uint64_t>(c);
    ASSERT_EQ(sycl::mul_hi(ua, ub), static_cast<std::uint64_t>((uwide(ua) * uwide(ub)) >> 64));
    const unsigned __int128 s = uwide(ua) * uwide(ub) + uwide(uc);
    ASSERT_EQ(sycl::mad_sat(ua, ub, uc), (s >> 64) ? UINT64_MAX : static_cast<std::uint64_t>(s));
  }
}

TEST(sycl_builtins_integer, element_wise) {
  const sycl::int4 a(INT_MAX, -3, 0, 8);
  const sycl::int4 s = sycl::add_sat(a, sycl::int4(1, -4, 0, 2));
  EXPECT_EQ(s[0], INT_MAX);
  EXPECT_EQ(s[1], -7);
  const sycl::int4 z = sycl::clz(a);
  EXPECT_EQ(z[0], 1);
  EXPECT_EQ(z[2], 32);
  EXPECT_EQ(sycl::abs(a.swizzle<1, 0>())[0], 3);
  EXPECT_EQ(sycl::popcount(sycl::marray<std::uint8_t, 2>(0xff, 0x01))[0], 8);
  EXPECT_EQ(sycl::clamp(a, -1, 4)[3], 4);
  EXPECT_EQ(sycl::rotate(sycl::uint2(1u, 2u), sycl::uint2(31u, 1u))[0], 0x80000000u);
  const sycl::ushort2 up = sycl::upsample(sycl::uchar2(1, 2), sycl::uchar2(3, 4));
  EXPECT_EQ(up[1], 0x0204);
}

class sycl_builtins_integer_device : public on_device {};

TEST_P(sycl_builtins_integer_device, functions_in_kernels) {
  std::vector<std::int32_t> inputs{0, 1, -1, INT_MAX, INT_MIN, 12345, -99999, 1 << 20};
  const std::size_t n = inputs.size();
  constexpr int outs = 8;
  shared_array<std::int32_t> in(inputs, q), out(n * n * outs, q, 0);
  const std::int32_t* x = in.data();
  std::int32_t* o = out.data();
  q.parallel_for<class integer_kernel>(sycl::range<2>{n, n}, COHORT_LAMBDA(sycl::item<2> it) {
     const std::int32_t a = x[it[0]], b = x[it[1]];
     std::int32_t* r = o + it.get_linear_id() * outs;
     r[0] = sycl::add_sat(a, b);
     r[1] = sycl::sub_sat(a, b);
     r[2] = sycl::hadd(a, b);
     r[3] = sycl::mul_hi(a, b);
     r[4] = sycl::mad_sat(a, b, 7);
     r[5] = sycl::clz(a) + sycl::ctz(b) * 100;
     r[6] = sycl::rotate(a, b);
     const sycl::int2 v = sycl::abs_diff(sycl::int2(a, b), sycl::int2(b, a));
     r[7] = v.x() ^ sycl::popcount(v.y());
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const std::int32_t a = inputs[i], b = inputs[j];
      const std::int64_t sum = std::int64_t{a} + b, diff = std::int64_t{a} - b, prod = std::int64_t{a} * b + 7;
      const auto sat = [](std::int64_t v) { return static_cast<std::int32_t>(std::clamp<std::int64_t>(v, INT_MIN, INT_MAX)); };
      const std::int32_t* r = &out[(i * n + j) * outs];
      EXPECT_EQ(r[0], sat(sum));
      EXPECT_EQ(r[1], sat(diff));
      EXPECT_EQ(r[2], static_cast<std::int32_t>(sum >> 1));
      EXPECT_EQ(r[3], static_cast<std::int32_t>((std::int64_t{a} * b) >> 32));
      EXPECT_EQ(r[4], sat(prod));
      EXPECT_EQ(r[5], sycl::clz(a) + sycl::ctz(b) * 100);
      const unsigned k = static_cast<unsigned>(b) & 31u;
      const auto ua = static_cast<std::uint32_t>(a);
      EXPECT_EQ(r[6], static_cast<std::int32_t>(k ? (ua << k) | (ua >> (32 - k)) : ua));
      const auto ad = static_cast<std::int32_t>(a > b ? std::uint32_t(std::int64_t{a} - b) : std::uint32_t(std::int64_t{b} - a));
      EXPECT_EQ(r[7], ad ^ sycl::popcount(ad));
    }
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_builtins_integer_device);

}  // namespace
