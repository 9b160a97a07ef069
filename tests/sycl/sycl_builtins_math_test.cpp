// SYCL 2020 math functions (4.17.5-7), written from the specification: each function on
// float and double against the C library's function of the same definition (or a closed form
// for those C lacks: sinpi, rootn, ...), the values the spec and OpenCL define exactly
// (integers and half-integers of sinpi/cospi, rootn of negatives, fract below 1, frexp,
// ilogb, remquo's quotient bits, nan payloads, nextafter of half), half rounded once from
// the float result, element-wise forms on vec, marray and swizzles, pointer outputs through
// T* and multi_ptr, and the same functions in kernels on every device.
// float4 and its kind under nvcc too (aliases.hpp: no using-directive at file scope then).
#define COHORT_CUDA_VECTOR_ALIASES
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

constexpr double pi = 3.14159265358979323846;
const float inf = std::numeric_limits<float>::infinity();
const float qnan = std::numeric_limits<float>::quiet_NaN();

std::uint16_t half_bits(sycl::half h) {
  std::uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

// Return types the spec gives.
static_assert(std::is_same_v<decltype(sycl::sqrt(1.0f)), float> && std::is_same_v<decltype(sycl::sqrt(1.0)), double>);
static_assert(std::is_same_v<decltype(sycl::sqrt(sycl::half())), sycl::half>);
static_assert(std::is_same_v<decltype(sycl::sqrt(sycl::float4())), sycl::float4>);
static_assert(std::is_same_v<decltype(sycl::sqrt(sycl::mdouble3())), sycl::mdouble3>);
static_assert(std::is_same_v<decltype(sycl::sqrt(std::declval<sycl::float4&>().swizzle<0, 1>())), sycl::float2>,
              "a swizzle gives its vec");
static_assert(std::is_same_v<decltype(sycl::ilogb(sycl::double3())), sycl::vec<std::int32_t, 3>>);
static_assert(std::is_same_v<decltype(sycl::ilogb(sycl::mfloat2())), sycl::marray<int, 2>>);
static_assert(std::is_same_v<decltype(sycl::nan(sycl::vec<std::uint64_t, 2>())), sycl::double2>);
static_assert(std::is_same_v<decltype(sycl::nan(sycl::marray<std::uint16_t, 3>())), sycl::mhalf3>);
static_assert(std::is_same_v<decltype(sycl::fmax(sycl::float4(), 1.0f)), sycl::float4>);
static_assert(std::is_same_v<decltype(sycl::native::exp(sycl::float2())), sycl::float2>);

template <typename F, typename... A>
concept callable = requires(F f, A... a) { f(a...); };
struct call_sqrt {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::sqrt(x)) { return sycl::sqrt(x); }
};
struct call_native_sqrt {
  template <typename T>
  auto operator()(T x) const -> decltype(sycl::native::sqrt(x)) { return sycl::native::sqrt(x); }
};
struct call_pow {
  template <typename T, typename U>
  auto operator()(T x, U y) const -> decltype(sycl::pow(x, y)) { return sycl::pow(x, y); }
};
static_assert(!callable<call_sqrt, sycl::int4>, "integer vecs are not generic floating point types");
static_assert(!callable<call_native_sqrt, sycl::double2> && !callable<call_native_sqrt, sycl::half2>, "native:: is float only");
static_assert(!callable<call_pow, sycl::float4, sycl::float2>, "shapes must agree");
static_assert(!callable<call_pow, sycl::float2, sycl::mfloat2>, "vec and marray do not mix");
static_assert(callable<call_pow, sycl::float2, sycl::float2>);

// Relative error of got against a reference, 0 when both are the same special value.
double rel_error(double got, double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0.0 : 1.0;
  if (std::isinf(want)) return got == want ? 0.0 : 1.0;
  if (want == 0.0) return std::fabs(got);
  return std::fabs(got - want) / std::fabs(want);
}

// float and double results match the reference (the C library, or a closed form in long
// double) within `ulps` units in the last place.
template <typename Sycl, typename Ref>
void check_unary(const char* name, Sycl f, Ref ref, const std::vector<double>& inputs, double ulps) {
  for (double x : inputs) {
    const double wf = static_cast<double>(static_cast<float>(ref(static_cast<long double>(static_cast<float>(x)))));
    const double gf = f(static_cast<float>(x));
    EXPECT_LE(rel_error(gf, wf), ulps * 1.2e-7) << name << "(float " << x << ") = " << gf << ", want " << wf;
    const double wd = static_cast<double>(ref(static_cast<long double>(x)));
    const double gd = f(x);
    EXPECT_LE(rel_error(gd, wd), ulps * 2.3e-16) << name << "(double " << x << ") = " << gd << ", want " << wd;
  }
}

const std::vector<double> moderate{-3.75, -1.0, -0.3, -0.0, 0.0, 1e-5, 0.25, 0.5, 0.9, 1.0, 1.5, 2.0, 7.25, 100.0};
const std::vector<double> positive{1e-6, 0.1, 0.5, 1.0, 2.0, 3.0, 10.0, 12345.678};
const std::vector<double> unit{-1.0, -0.75, -0.5, -0.1, 0.0, 0.3, 0.5, 0.99, 1.0};

#define SYCL_FN(NAME) [](auto x) { return sycl::NAME(x); }
#define STD_FN(NAME) [](long double x) { return std::NAME(x); }

TEST(sycl_builtins_math, unary_functions_match_their_definitions) {
  check_unary("sqrt", SYCL_FN(sqrt), STD_FN(sqrt), positive, 0.5);
  check_unary("rsqrt", SYCL_FN(rsqrt), [](long double x) { return 1.0L / std::sqrt(x); }, positive, 1);
  check_unary("cbrt", SYCL_FN(cbrt), STD_FN(cbrt), moderate, 2);  // OpenCL: 2 ulp
  check_unary("exp", SYCL_FN(exp), STD_FN(exp), moderate, 1);
  check_unary("exp2", SYCL_FN(exp2), STD_FN(exp2), moderate, 1);
  check_unary("exp10", SYCL_FN(exp10), [](long double x) { return std::pow(10.0L, x); }, moderate, 2);
  check_unary("expm1", SYCL_FN(expm1), STD_FN(expm1), moderate, 1);
  check_unary("log", SYCL_FN(log), STD_FN(log), positive, 1);
  check_unary("log2", SYCL_FN(log2), STD_FN(log2), positive, 1);
  check_unary("log10", SYCL_FN(log10), STD_FN(log10), positive, 1);
  check_unary("log1p", SYCL_FN(log1p), STD_FN(log1p), positive, 1);
  check_unary("logb", SYCL_FN(logb), STD_FN(logb), positive, 0);
  check_unary("sin", SYCL_FN(sin), STD_FN(sin), moderate, 1);
  check_unary("cos", SYCL_FN(cos), STD_FN(cos), moderate, 1);
  check_unary("tan", SYCL_FN(tan), STD_FN(tan), moderate, 1);
  check_unary("asin", SYCL_FN(asin), STD_FN(asin), unit, 1);
  check_unary("acos", SYCL_FN(acos), STD_FN(acos), unit, 1);
  check_unary("atan", SYCL_FN(atan), STD_FN(atan), moderate, 1);
  check_unary("asinpi", SYCL_FN(asinpi), [](long double x) { return std::asin(x) / pi; }, unit, 2);
  check_unary("acospi", SYCL_FN(acospi), [](long double x) { return std::acos(x) / pi; }, unit, 2);
  check_unary("atanpi", SYCL_FN(atanpi), [](long double x) { return std::atan(x) / pi; }, moderate, 2);
  check_unary("sinh", SYCL_FN(sinh), STD_FN(sinh), moderate, 1);
  check_unary("cosh", SYCL_FN(cosh), STD_FN(cosh), moderate, 1);
  check_unary("tanh", SYCL_FN(tanh), STD_FN(tanh), moderate, 1);
  check_unary("asinh", SYCL_FN(asinh), STD_FN(asinh), moderate, 1);
  check_unary("acosh", SYCL_FN(acosh), STD_FN(acosh), {1.0, 1.5, 10.0, 1e4}, 1);
  check_unary("atanh", SYCL_FN(atanh), STD_FN(atanh), {-0.9, -0.5, 0.0, 0.25, 0.75}, 1);
  check_unary("erf", SYCL_FN(erf), STD_FN(erf), moderate, 1);
  check_unary("erfc", SYCL_FN(erfc), STD_FN(erfc), moderate, 1);
  check_unary("tgamma", SYCL_FN(tgamma), STD_FN(tgamma), {-2.5, -0.5, 0.5, 1.0, 4.0, 10.5}, 2);
  check_unary("lgamma", SYCL_FN(lgamma), STD_FN(lgamma), {-2.5, -0.5, 0.5, 3.0, 10.5, 100.0}, 2);
  check_unary("fabs", SYCL_FN(fabs), STD_FN(fabs), moderate, 0);
  check_unary("ceil", SYCL_FN(ceil), STD_FN(ceil), moderate, 0);
  check_unary("floor", SYCL_FN(floor), STD_FN(floor), moderate, 0);
  check_unary("trunc", SYCL_FN(trunc), STD_FN(trunc), moderate, 0);
  check_unary("round", SYCL_FN(round), STD_FN(round), {-2.5, -0.5, 0.5, 1.5, 2.5, 3.49}, 0);
  check_unary("rint", SYCL_FN(rint), [](long double x) { return std::nearbyint(x); }, {-2.5, -0.5, 0.5, 1.5, 2.5, 3.51}, 0);
  // sinpi, cospi, tanpi against sin(pi x) computed in long double.
  const std::vector<double> pi_args{-3.3, -1.25, -0.7, -0.1, 0.05, 0.2, 0.3, 0.45, 0.6, 0.9, 1.3, 2.7, 1000.2};
  check_unary("sinpi", SYCL_FN(sinpi), [](long double x) { return std::sin(3.141592653589793238462643383279503L * x); }, pi_args, 2);
  check_unary("cospi", SYCL_FN(cospi), [](long double x) { return std::cos(3.141592653589793238462643383279503L * x); }, pi_args, 2);
  check_unary("tanpi", SYCL_FN(tanpi), [](long double x) { return std::tan(3.141592653589793238462643383279503L * x); }, pi_args, 4);
}

TEST(sycl_builtins_math, binary_and_ternary_functions_match_their_definitions) {
  const std::vector<std::pair<double, double>> pairs{{1.0, 2.0}, {-3.5, 2.0}, {7.0, -0.5}, {0.0, 1.0}, {2.5, 2.5}, {-1.0, -4.0}};
  for (auto [x, y] : pairs) {
    const float fx = static_cast<float>(x), fy = static_cast<float>(y);
    EXPECT_EQ(sycl::atan2(fx, fy), std::atan2(fx, fy));
    EXPECT_NEAR(sycl::atan2pi(x, y), std::atan2(x, y) / pi, 1e-15);
    EXPECT_EQ(sycl::copysign(fx, fy), std::copysign(fx, fy));
    EXPECT_EQ(sycl::fdim(x, y), x > y ? x - y : 0.0);
    EXPECT_EQ(sycl::fmax(fx, fy), x < y ? fy : fx);
    EXPECT_EQ(sycl::fmin(x, y), y < x ? y : x);
    EXPECT_EQ(sycl::hypot(x, y), std::hypot(x, y));
    EXPECT_EQ(sycl::nextafter(fx, fy), std::nextafter(fx, fy));
    EXPECT_EQ(sycl::fma(x, y, 0.25), std::fma(x, y, 0.25));
    EXPECT_EQ(sycl::mad(fx, fy, 1.0f), fx * fy + 1.0f);
    EXPECT_EQ(sycl::maxmag(x, y), std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y));
    EXPECT_EQ(sycl::minmag(x, y), std::fabs(x) < std::fabs(y) ? x : std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y));
    if (y != 0.0) {
      EXPECT_EQ(sycl::fmod(x, y), x - y * std::trunc(x / y));
      EXPECT_EQ(sycl::remainder(x, y), x - y * std::nearbyint(x / y));
    }
    if (x >= 0.0) {
      EXPECT_EQ(sycl::powr(x, y), std::pow(x, y));
    }
    EXPECT_EQ(sycl::pow(fx, fy), std::pow(fx, fy));
  }
  // Exact cases.
  EXPECT_EQ(sycl::fmax(qnan, 2.0f), 2.0f);  // one NaN: the other argument
  EXPECT_EQ(sycl::fmin(1.0, std::nan("")), 1.0);
  EXPECT_TRUE(std::isnan(sycl::fmax(qnan, qnan)));
  EXPECT_EQ(sycl::maxmag(-3.0f, 2.0f), -3.0f);
  EXPECT_EQ(sycl::minmag(-3.0f, 2.0f), 2.0f);
  EXPECT_EQ(sycl::maxmag(-2.0f, 2.0f), 2.0f);  // equal magnitudes: fmax
  EXPECT_EQ(sycl::minmag(-2.0f, 2.0f), -2.0f);
  EXPECT_TRUE(std::isnan(sycl::powr(-1.0f, 2.0f)));
  EXPECT_EQ(sycl::pown(-2.0f, 3), -8.0f);
  EXPECT_EQ(sycl::pown(2.0, -2), 0.25);
  EXPECT_EQ(sycl::pown(-1.0f, 16777217), -1.0f);  // an odd exponent float cannot hold
  EXPECT_EQ(sycl::rootn(-8.0f, 3), -2.0f);
  EXPECT_EQ(sycl::rootn(16.0, 4), 2.0);
  EXPECT_NEAR(sycl::rootn(2.0, -2), 1.0 / std::sqrt(2.0), 1e-15);
  EXPECT_TRUE(std::isnan(sycl::rootn(-16.0f, 2)));
  EXPECT_TRUE(std::isnan(sycl::rootn(5.0f, 0)));
  EXPECT_EQ(sycl::ldexp(3.0f, 4), 48.0f);
  EXPECT_EQ(sycl::ldexp(1.0, -1074), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(sycl::fdim(-inf, 0.0f), 0.0f);
  EXPECT_EQ(sycl::hypot(inf, qnan), inf);
  EXPECT_EQ(sycl::fma(1.0 + 0x1p-52, 1.0 - 0x1p-52, -1.0), -0x1p-104);  // no intermediate rounding
}

TEST(sycl_builtins_math, exact_values_and_special_cases) {
  // sinpi/cospi/tanpi: exact at integers and half-integers, whatever their size.
  for (double k : {-4.0, -1.0, 0.0, 1.0, 2.0, 3.0, 1e6, 12345677.0}) {
    EXPECT_EQ(sycl::sinpi(k), 0.0) << k;
    EXPECT_EQ(sycl::sinpi(static_cast<float>(k)), 0.0f) << k;
    EXPECT_EQ(sycl::cospi(k), std::fmod(std::fabs(k), 2.0) == 0.0 ? 1.0 : -1.0) << k;
    EXPECT_EQ(sycl::cospi(k + 0.5), 0.0) << k;
    EXPECT_EQ(sycl::sinpi(k + 0.5), std::fmod(std::fabs(k), 2.0) == 0.0 ? 1.0 : -1.0) << k;  // (-1)^k
    EXPECT_EQ(sycl::tanpi(k), 0.0) << k;
  }
  EXPECT_NEAR(sycl::sinpi(0.25f), std::sqrt(0.5f), 1.2e-7f);
  EXPECT_EQ(sycl::cospi(1.0f / 3.0f) > 0.4999f && sycl::cospi(1.0f / 3.0f) < 0.5001f, true);
  EXPECT_TRUE(std::signbit(sycl::sinpi(-0.0f)));
  EXPECT_TRUE(std::isnan(sycl::sinpi(inf)) && std::isnan(sycl::cospi(qnan)));

  for (float x : {-0.0f, 0.0f}) {
    EXPECT_EQ(std::signbit(sycl::sqrt(x)), std::signbit(x));
    EXPECT_EQ(sycl::rsqrt(x), std::signbit(x) ? -inf : inf);
  }
  EXPECT_TRUE(std::isnan(sycl::sqrt(-1.0f)) && std::isnan(sycl::log(-1.0)) && std::isnan(sycl::acos(2.0f)));
  EXPECT_EQ(sycl::exp(-inf), 0.0f);
  EXPECT_EQ(sycl::log(0.0), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(sycl::exp10(3.0), 1000.0);
  EXPECT_EQ(sycl::exp2(-1.0f), 0.5f);
  EXPECT_DOUBLE_EQ(sycl::cbrt(-27.0), -3.0);
  EXPECT_EQ(sycl::tgamma(5.0), 24.0);
  EXPECT_EQ(sycl::trunc(-2.7f), -2.0f);
  EXPECT_EQ(sycl::round(-2.5), -3.0);
  EXPECT_EQ(sycl::rint(-2.5), -2.0);
  EXPECT_EQ(sycl::ceil(-0.5f), -0.0f);
  EXPECT_TRUE(std::signbit(sycl::ceil(-0.5f)));

  float whole = 0;
  EXPECT_EQ(sycl::fract(-1.25f, &whole), 0.75f);
  EXPECT_EQ(whole, -2.0f);
  EXPECT_LT(sycl::fract(-1e-30f, &whole), 1.0f);  // -1e-30 - floor(-1e-30) rounds to 1 in float
  EXPECT_EQ(sycl::fract(-1e-30f, &whole), std::nextafter(1.0f, 0.0f));
  EXPECT_EQ(whole, -1.0f);
  EXPECT_EQ(sycl::fract(inf, &whole), 0.0f);
  EXPECT_EQ(whole, inf);
  double dwhole;
  EXPECT_EQ(sycl::modf(-3.75, &dwhole), -0.75);
  EXPECT_EQ(dwhole, -3.0);

  int e = 0;
  EXPECT_EQ(sycl::frexp(48.0f, &e), 0.75f);
  EXPECT_EQ(e, 6);
  EXPECT_EQ(sycl::frexp(0.0, &e), 0.0);
  EXPECT_EQ(e, 0);
  EXPECT_EQ(sycl::ilogb(48.0), 5);
  EXPECT_EQ(sycl::ilogb(0x1p-130f), -130);  // subnormal float
  EXPECT_EQ(sycl::logb(-0.1f), -4.0f);

  int quo = 0;
  EXPECT_EQ(sycl::remquo(10.0f, 3.0f, &quo), 1.0f);
  EXPECT_EQ(quo & 0x7f, 3);
  EXPECT_EQ(sycl::remquo(-11.0, 3.0, &quo), 1.0);  // -11 = -4 * 3 + 1
  EXPECT_EQ(quo, -4);
  EXPECT_EQ(sycl::remquo(1000.0f, 1.0f, &quo), 0.0f);
  EXPECT_EQ(quo, 1000 & 0x7f);  // the low seven bits (C's remquo promises three)
  EXPECT_EQ(sycl::remquo(-1e30, 3.0, &quo), std::remainder(-1e30, 3.0));
  EXPECT_LE(quo, 0);
  EXPECT_EQ(sycl::remquo(-7.0, -2.0, &quo), 1.0);  // -7 = 4 * -2 + 1 (tie: the even quotient)
  EXPECT_EQ(quo, 4);
  EXPECT_EQ(sycl::remquo(5.0f, std::numeric_limits<float>::infinity(), &quo), 5.0f);
  EXPECT_EQ(quo, 0);
  // Against the exact quotient of integers: the nearest integer, ties to even, low 7 bits.
  for (long long a : {0ll, 1ll, 7ll, 300ll, 12345ll, 99999ll, 16777215ll}) {
    for (long long b : {1ll, 2ll, 3ll, 7ll, 10ll, 255ll}) {
      long long qn = a / b;
      const long long rest = a - qn * b;
      if (2 * rest > b || (2 * rest == b && qn % 2 != 0)) ++qn;
      EXPECT_EQ(sycl::remquo(static_cast<double>(a), static_cast<double>(b), &quo), static_cast<double>(a - qn * b));
      EXPECT_EQ(quo, static_cast<int>(qn & 0x7f)) << a << " / " << b;
      EXPECT_EQ(sycl::remquo(-static_cast<float>(a), static_cast<float>(b), &quo), -static_cast<float>(a - qn * b));
      EXPECT_EQ(quo, -static_cast<int>(qn & 0x7f)) << -a << " / " << b;
    }
  }

  int sign = 0;
  EXPECT_NEAR(sycl::lgamma_r(-0.5, &sign), std::log(2.0 * std::sqrt(pi)), 1e-14);  // gamma(-1/2) = -2 sqrt(pi)
  EXPECT_EQ(sign, -1);
  EXPECT_NEAR(sycl::lgamma_r(-1.5f, &sign), std::log(4.0 * std::sqrt(pi) / 3.0), 1e-6);  // +4 sqrt(pi) / 3
  EXPECT_EQ(sign, 1);
  EXPECT_DOUBLE_EQ(sycl::lgamma_r(3.0, &sign), std::log(2.0));
  EXPECT_EQ(sign, 1);

  float c = 0;
  EXPECT_EQ(sycl::sincos(0.5f, &c), std::sin(0.5f));
  EXPECT_EQ(c, std::cos(0.5f));

  // nan: quiet NaNs carrying the code in the significand.
  std::uint32_t fb;
  const float fn = sycl::nan(std::uint32_t{0x1234});
  std::memcpy(&fb, &fn, 4);
  EXPECT_EQ(fb, 0x7fc01234u);
  std::uint64_t db;
  const double dn = sycl::nan(std::uint64_t{7});
  std::memcpy(&db, &dn, 8);
  EXPECT_EQ(db, 0x7ff8000000000007ull);
  EXPECT_EQ(half_bits(sycl::nan(std::uint16_t{5})), 0x7e05);
}

TEST(sycl_builtins_math, half_rounds_the_float_result_once) {
  using sycl::half;
  for (float x : {0.1f, 0.5f, 1.0f, 2.0f, 3.0f, 100.0f, 1000.0f}) {
    const half h(x);
    EXPECT_EQ(half_bits(sycl::sqrt(h)), half_bits(half(std::sqrt(static_cast<float>(h))))) << x;
    EXPECT_EQ(half_bits(sycl::log(h)), half_bits(half(std::log(static_cast<float>(h))))) << x;
    EXPECT_EQ(half_bits(sycl::sin(h)), half_bits(half(std::sin(static_cast<float>(h))))) << x;
    EXPECT_EQ(half_bits(sycl::pow(h, half(0.5f))), half_bits(half(std::pow(static_cast<float>(h), 0.5f)))) << x;
  }
  // nextafter steps to half's own neighbours.
  EXPECT_EQ(half_bits(sycl::nextafter(half(1.0f), half(2.0f))), 0x3c01);
  EXPECT_EQ(half_bits(sycl::nextafter(half(1.0f), half(0.0f))), 0x3bff);
  EXPECT_EQ(half_bits(sycl::nextafter(half(0.0f), half(-1.0f))), 0x8001);
  EXPECT_EQ(half_bits(sycl::nextafter(half(-0.0f), half(1.0f))), 0x0001);
  EXPECT_EQ(half_bits(sycl::nextafter(std::numeric_limits<half>::max(), std::numeric_limits<half>::infinity())), 0x7c00);
  EXPECT_EQ(half_bits(sycl::copysign(half(2.0f), half(-0.0f))), 0xc000);
  EXPECT_EQ(half_bits(sycl::fabs(half(-0.0f))), 0x0000);
  // fract stays below 1 in half too (float's largest fraction rounds to 1 in half).
  half whole;
  EXPECT_EQ(half_bits(sycl::fract(half(-0.0001f), &whole)), 0x3bff);
  EXPECT_EQ(static_cast<float>(whole), -1.0f);
  EXPECT_EQ(sycl::ilogb(half(0x1p-20f)), -20);  // a half subnormal
  EXPECT_EQ(static_cast<float>(sycl::fma(half(3.0f), half(5.0f), half(-1.0f))), 14.0f);
  EXPECT_EQ(static_cast<float>(sycl::ldexp(half(1.0f), -24)), 0x1p-24f);
}

TEST(sycl_builtins_math, element_wise_on_vec_marray_and_swizzles) {
  const sycl::float4 v(0.25f, 4.0f, 9.0f, 2.0f);
  const sycl::float4 r = sycl::sqrt(v);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(r[i], std::sqrt(v[i]));
  const sycl::mdouble3 m(1.0, -2.0, 0.5);
  const sycl::mdouble3 p = sycl::pow(m, sycl::mdouble3(2.0, 3.0, -1.0));
  EXPECT_EQ(p[0], 1.0);
  EXPECT_EQ(p[1], -8.0);
  EXPECT_EQ(p[2], 2.0);
  EXPECT_EQ(sycl::fmax(v, 3.0f)[0], 3.0f);
  EXPECT_EQ(sycl::fmin(v.swizzle<3, 2>(), v.swizzle<0, 1>())[1], 4.0f);
  const sycl::float2 sw = sycl::exp2(v.swizzle<1, 0>());
  EXPECT_EQ(sw[0], 16.0f);
  EXPECT_EQ(sw[1], std::exp2(0.25f));
  EXPECT_EQ(sycl::ldexp(v, sycl::int4(1, 2, 3, 4))[3], 32.0f);
  EXPECT_EQ(sycl::ldexp(m, 2)[1], -8.0);
  EXPECT_EQ(sycl::pown(sycl::mfloat2(2.0f, 3.0f), sycl::marray<int, 2>(3, 2))[0], 8.0f);
  EXPECT_EQ(sycl::rootn(sycl::float2(27.0f, -32.0f), sycl::int2(3, 5))[1], -2.0f);
  EXPECT_EQ(sycl::fma(v, v, v)[2], 90.0f);
  EXPECT_EQ(sycl::ilogb(v)[1], 2);
  const sycl::vec<std::int32_t, 3> codes = sycl::ilogb(sycl::double3(1.0, 0.5, 1024.0));
  EXPECT_EQ(codes[2], 10);

  // Pointer outputs: T* to the NonScalar, a multi_ptr, and int companions.
  sycl::float4 ip;
  const sycl::float4 fr = sycl::fract(sycl::float4(1.5f, -0.25f, 3.0f, 2.75f), &ip);
  EXPECT_EQ(fr[1], 0.75f);
  EXPECT_EQ(ip[1], -1.0f);
  sycl::vec<std::int32_t, 4> exps;
  const sycl::float4 mant = sycl::frexp(v, sycl::address_space_cast<sycl::access::address_space::private_space,
                                                                    sycl::access::decorated::no>(&exps));
  EXPECT_EQ(mant[1], 0.5f);
  EXPECT_EQ(exps[1], 3);
  sycl::marray<int, 3> quo;
  const sycl::mdouble3 rem = sycl::remquo(sycl::mdouble3(10.0, 7.0, -9.0), sycl::mdouble3(4.0, 2.0, 4.0), &quo);
  EXPECT_EQ(rem[0], 2.0);
  EXPECT_EQ(quo[0], 2);
  EXPECT_EQ(rem[2], -1.0);
  EXPECT_EQ(quo[2], -2);
  sycl::float2 cosines;
  const sycl::float2 sines = sycl::sincos(v.swizzle<0, 1>(), &cosines);
  EXPECT_EQ(sines[1], std::sin(4.0f));
  EXPECT_EQ(cosines[0], std::cos(0.25f));
  sycl::marray<int, 2> signs;
  sycl::lgamma_r(sycl::mfloat2(-0.5f, 2.5f), &signs);
  EXPECT_EQ(signs[0], -1);
  EXPECT_EQ(signs[1], 1);
  const sycl::double2 nans = sycl::nan(sycl::vec<std::uint64_t, 2>(1u, 2u));
  EXPECT_TRUE(std::isnan(nans[0]) && std::isnan(nans[1]));
}

TEST(sycl_builtins_math, native_and_half_precision_are_close) {
  for (float x : {0.1f, 0.5f, 1.0f, 2.0f, 10.0f}) {
    EXPECT_LE(rel_error(sycl::native::exp(x), std::exp(x)), 1e-5);
    EXPECT_LE(rel_error(sycl::native::log(x), std::log(x)), 1e-5);
    EXPECT_LE(rel_error(sycl::native::recip(x), 1.0 / x), 1e-5);
    EXPECT_LE(rel_error(sycl::native::divide(1.0f, x), 1.0 / x), 1e-5);
    EXPECT_LE(rel_error(sycl::native::powr(x, 1.5f), std::pow(x, 1.5)), 1e-5);
    EXPECT_LE(rel_error(sycl::half_precision::sqrt(x), std::sqrt(x)), 8192 * 1.2e-7);
    EXPECT_LE(rel_error(sycl::half_precision::exp10(x), std::pow(10.0, x)), 8192 * 1.2e-7);
  }
  const sycl::float4 r = sycl::native::rsqrt(sycl::float4(4.0f, 16.0f, 0.25f, 1.0f));
  EXPECT_NEAR(r[2], 2.0f, 1e-5f);
}

class sycl_builtins_math_device : public on_device {};

// A selection of the functions in a kernel, against the host's results. Device libraries may
// differ from the host's by an ulp or two (native:: by more), hence the tolerances.
TEST_P(sycl_builtins_math_device, functions_in_kernels) {
  std::vector<float> inputs;
  for (int i = 0; i < 64; ++i) inputs.push_back(-4.0f + 0.137f * static_cast<float>(i));
  const std::size_t n = inputs.size();
  constexpr int outs = 12;
  shared_array<float> in(inputs, q), out(n * outs, q, -1.0f);
  shared_array<int> iout(n * 2, q, 0);
  const float* x = in.data();
  float* o = out.data();
  int* io = iout.data();
  q.parallel_for<class math_kernel>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> idx) {
     const std::size_t i = idx[0];
     const float v = x[i];
     float* r = o + i * outs;
     r[0] = sycl::sinpi(v);
     r[1] = sycl::cospi(v);
     r[2] = sycl::exp(v);
     r[3] = sycl::cbrt(v);
     r[4] = sycl::tgamma(v + 4.5f);
     r[5] = sycl::fract(v, &r[6]);
     r[7] = sycl::frexp(v, &io[2 * i]);
     r[8] = sycl::remquo(v, 1.5f, &io[2 * i + 1]);
     const sycl::float4 w = sycl::sqrt(sycl::fabs(sycl::float4(v, 2.0f * v, 3.0f, v * v)));
     r[9] = w.x() + w.y() + w.z() + w.w();
     r[10] = sycl::native::exp(v);
     r[11] = sycl::half(sycl::sqrt(sycl::half(sycl::fabs(v))));
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const float v = inputs[i];
    const float* r = &out[i * outs];
    float whole;
    int e, quo;
    const sycl::float4 w = sycl::sqrt(sycl::fabs(sycl::float4(v, 2.0f * v, 3.0f, v * v)));
    const float host[outs] = {sycl::sinpi(v), sycl::cospi(v), sycl::exp(v), sycl::cbrt(v), sycl::tgamma(v + 4.5f),
                              sycl::fract(v, &whole), whole, sycl::frexp(v, &e), sycl::remquo(v, 1.5f, &quo),
                              w.x() + w.y() + w.z() + w.w(), std::exp(v),
                              sycl::half(sycl::sqrt(sycl::half(std::fabs(v))))};
    for (int k = 0; k < outs; ++k) {
      const double tolerance = (k == 10) ? 1e-5 : (k == 11) ? 1e-3 : (k == 4) ? 1e-6 : 4e-7;
      EXPECT_LE(std::fabs(r[k] - host[k]), tolerance * std::fmax(1.0f, std::fabs(host[k]))) << "output " << k << " of " << v;
    }
    EXPECT_EQ(iout[2 * i], e) << v;
    EXPECT_EQ(iout[2 * i + 1] & 0x7f, quo & 0x7f) << v;
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_builtins_math_device);

}  // namespace
