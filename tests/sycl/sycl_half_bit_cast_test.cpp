// sycl::half (IEEE 754 binary16) and sycl::bit_cast, written from the specifications: the
// encoding of every half, rounding of floats and doubles to nearest-even (midpoints between
// neighbouring halves, subnormals, overflow), the special values, arithmetic and its result
// types, numeric_limits, and the same conversions and arithmetic in kernels on every device.
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

std::uint16_t bits(sycl::half h) {
  std::uint16_t b;
  std::memcpy(&b, &h, sizeof b);
  return b;
}
sycl::half from_bits(std::uint16_t b) {
  sycl::half h;
  std::memcpy(static_cast<void*>(&h), &b, sizeof b);
  return h;
}
// A half's value from its fields, independently of the conversion under test.
double decode(std::uint16_t b) {
  const int e = (b >> 10) & 0x1f;
  const int m = b & 0x3ff;
  const double s = (b & 0x8000) ? -1.0 : 1.0;
  if (e == 0x1f) return m ? std::nan("") : s * std::numeric_limits<double>::infinity();
  if (e == 0) return s * std::ldexp(m, -24);
  return s * std::ldexp(1024 + m, e - 25);
}

// ---- Compile time.
static_assert(sizeof(sycl::half) == 2 && alignof(sycl::half) == 2);
static_assert(std::is_trivially_copyable_v<sycl::half>);
static_assert(sycl::bit_cast<std::uint32_t>(1.0f) == 0x3f800000u);
static_assert(sycl::bit_cast<std::uint64_t>(-2.0) == 0xc000000000000000ull);
static_assert(sycl::bit_cast<float>(0x40490fdbu) == 3.14159274f);
static_assert(sycl::bit_cast<std::uint16_t>(sycl::half(1.0f)) == 0x3c00, "conversions are constexpr");
static_assert(sycl::half(1.5f) * 2 == 3);
static_assert(std::is_same_v<decltype(sycl::half() + 1.0f), float>, "half with float computes in float");
static_assert(std::is_same_v<decltype(sycl::half() + 1.0), double>);
static_assert(std::is_same_v<decltype(sycl::half() + 1), sycl::half>, "half with an integer stays half");
static_assert(std::is_same_v<decltype(sycl::half() * sycl::half()), sycl::half>);
static_assert(std::numeric_limits<sycl::half>::is_specialized && std::numeric_limits<sycl::half>::is_iec559);
static_assert(std::numeric_limits<sycl::half>::digits == 11 && std::numeric_limits<sycl::half>::max_exponent == 16);
static_assert(static_cast<float>(std::numeric_limits<sycl::half>::max()) == 65504.0f);
static_assert(static_cast<float>(std::numeric_limits<sycl::half>::min()) == 6.103515625e-05f);
static_assert(static_cast<float>(std::numeric_limits<sycl::half>::denorm_min()) == 5.9604644775390625e-08f);
static_assert(static_cast<float>(std::numeric_limits<sycl::half>::epsilon()) == 0.0009765625f);
static_assert(static_cast<float>(std::numeric_limits<sycl::half>::lowest()) == -65504.0f);

struct pair_of_floats {
  float a, b;
};

TEST(sycl_half, every_encoding_converts_to_its_value_and_back) {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const sycl::half h = from_bits(static_cast<std::uint16_t>(b));
    const double expected = decode(static_cast<std::uint16_t>(b));
    const float f = h;
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << b;
      ASSERT_TRUE(std::isnan(static_cast<float>(sycl::half(f)))) << std::hex << b;
      continue;
    }
    ASSERT_EQ(static_cast<double>(f), expected) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(f)), b) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(static_cast<double>(f))), b) << std::hex << b;
  }
}

// Between two neighbouring finite halves lo < hi: the midpoint goes to the one with the even
// encoding, anything above it to hi, anything below to lo, from float and from double.
TEST(sycl_half, rounds_to_nearest_ties_to_even) {
  for (std::uint32_t b = 0; b < 0x7bff; ++b) {
    const double lo = decode(static_cast<std::uint16_t>(b)), hi = decode(static_cast<std::uint16_t>(b + 1));
    const double mid = (lo + hi) / 2;  // exact: 12 significant bits
    const std::uint16_t even = (b % 2 == 0) ? static_cast<std::uint16_t>(b) : static_cast<std::uint16_t>(b + 1);
    ASSERT_EQ(bits(sycl::half(static_cast<float>(mid))), even) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(mid)), even) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(std::nextafter(static_cast<float>(mid), 1e9f))), b + 1) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(std::nextafter(static_cast<float>(mid), -1e9f))), b) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(std::nextafter(mid, 1e9))), b + 1) << std::hex << b;
    ASSERT_EQ(bits(sycl::half(std::nextafter(mid, -1e9))), b) << std::hex << b;
    // Negative values round symmetrically.
    ASSERT_EQ(bits(sycl::half(-static_cast<float>(mid))), even | 0x8000) << std::hex << b;
  }
}

TEST(sycl_half, overflow_underflow_and_special_values) {
  EXPECT_EQ(bits(sycl::half(65504.0f)), 0x7bff);
  EXPECT_EQ(bits(sycl::half(65519.99f)), 0x7bff);  // below the midpoint to 65536
  EXPECT_EQ(bits(sycl::half(65520.0f)), 0x7c00);   // the midpoint rounds (to even) to infinity
  EXPECT_EQ(bits(sycl::half(1e10)), 0x7c00);
  EXPECT_EQ(bits(sycl::half(-1e10f)), 0xfc00);
  EXPECT_EQ(bits(sycl::half(std::ldexp(1.0f, -25))), 0x0000);  // half the smallest subnormal: tie to 0
  EXPECT_EQ(bits(sycl::half(std::nextafter(std::ldexp(1.0f, -25), 1.0f))), 0x0001);
  EXPECT_EQ(bits(sycl::half(std::ldexp(3.0, -26))), 0x0001);
  EXPECT_EQ(bits(sycl::half(std::ldexp(3.0f, -25))), 0x0002);  // 1.5 subnormal steps: tie to even 2
  EXPECT_EQ(bits(sycl::half(1e-30f)), 0x0000);
  EXPECT_EQ(bits(sycl::half(-1e-30f)), 0x8000);
  EXPECT_EQ(bits(sycl::half(std::numeric_limits<float>::denorm_min())), 0x0000);
  EXPECT_EQ(bits(sycl::half(-0.0f)), 0x8000);
  EXPECT_EQ(bits(sycl::half(std::numeric_limits<float>::infinity())), 0x7c00);
  EXPECT_EQ(bits(sycl::half(-std::numeric_limits<double>::infinity())), 0xfc00);
  EXPECT_TRUE(std::isnan(static_cast<float>(sycl::half(std::nanf("")))));
  EXPECT_TRUE(std::isnan(static_cast<float>(std::numeric_limits<sycl::half>::quiet_NaN())));
  EXPECT_EQ(bits(sycl::half(2049.0f)), bits(sycl::half(2048.0f)));  // 2049 is a tie between 2048 and 2050
  EXPECT_EQ(static_cast<float>(sycl::half(2051.0f)), 2052.0f);
}

TEST(sycl_half, arithmetic_rounds_once) {
  using sycl::half;
  // 0.1 and 0.2 as halves are 0x2e66 and 0x3266; their exact sum 0.2999267578125 lies midway
  // between 0x34cc and 0x34cd (spacing 2^-12): the even one.
  const half a = 0.1f, b = 0.2f;
  EXPECT_EQ(bits(a), 0x2e66);
  EXPECT_EQ(bits(b), 0x3266);
  EXPECT_EQ(bits(a + b), 0x34cc);
  EXPECT_EQ(static_cast<float>(half(3.0f) - half(5.0f)), -2.0f);
  EXPECT_EQ(static_cast<float>(half(1.5f) * half(-2.5f)), -3.75f);
  EXPECT_EQ(static_cast<float>(half(1.0f) / half(3.0f)), 0.333251953125f);  // 1/3 rounded to 11 bits
  EXPECT_EQ(bits(half(60000.0f) + half(60000.0f)), 0x7c00);
  EXPECT_EQ(bits(-half(0.0f)), 0x8000);
  half c = 1.0f;
  c += 1;
  c *= half(4.0f);
  ++c;
  c--;
  EXPECT_EQ(static_cast<float>(c), 8.0f);
  c /= 2.0f;
  EXPECT_EQ(static_cast<float>(c), 4.0f);
  EXPECT_TRUE(half(1.0f) < half(2.0f) && half(2.0f) >= 2 && half(2.0f) == 2.0 && half(1.0f) != 1.5f);
  const half nan = std::numeric_limits<half>::quiet_NaN();
  EXPECT_FALSE(nan == nan);
  EXPECT_TRUE(nan != nan);
  EXPECT_FALSE(nan < half(0.0f) || nan > half(0.0f));
  EXPECT_EQ(static_cast<int>(half(-7.75f)), -7);
  EXPECT_EQ(static_cast<double>(half(0.5f)), 0.5);
}

TEST(sycl_bit_cast, round_trips_and_struct_copies) {
  const pair_of_floats p{1.0f, -0.5f};
  const auto u = sycl::bit_cast<std::uint64_t>(p);
  std::uint64_t expected;
  std::memcpy(&expected, &p, sizeof p);
  EXPECT_EQ(u, expected);
  const auto back = sycl::bit_cast<pair_of_floats>(u);
  EXPECT_EQ(back.a, 1.0f);
  EXPECT_EQ(back.b, -0.5f);
  EXPECT_EQ(sycl::bit_cast<std::int32_t>(-0.0f), std::numeric_limits<std::int32_t>::min());
  EXPECT_EQ(sycl::bit_cast<std::uint16_t>(sycl::half(-2.0f)), 0xc000);
  const sycl::float2 v(1.0f, 2.0f);
  EXPECT_EQ(sycl::bit_cast<std::uint64_t>(v), 0x400000003f800000ull);
}

class sycl_half_device : public on_device {};

// Conversions, arithmetic and bit_cast in kernels give what the host computes.
TEST_P(sycl_half_device, conversions_and_arithmetic_in_kernels) {
  std::vector<float> values;
  for (std::uint32_t b = 0; b < 0x10000; b += 37) values.push_back(static_cast<float>(decode(static_cast<std::uint16_t>(b))));
  values.insert(values.end(), {65519.99f, 65520.0f, 1e-30f, -0.0f, 0.1f, 2049.0f, std::ldexp(1.0f, -25)});
  const std::size_t n = values.size();
  shared_array<float> in(values, q);
  shared_array<std::uint16_t> rounded(n, q), sums(n, q);
  shared_array<std::uint32_t> cast(n, q);
  shared_array<float> back(n, q);
  const float* x = in.data();
  std::uint16_t* r = rounded.data();
  std::uint16_t* s = sums.data();
  std::uint32_t* c = cast.data();
  float* bk = back.data();
  q.parallel_for<class half_kernel>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> idx) {
     const std::size_t i = idx[0];
     const sycl::half h = x[i];
     r[i] = sycl::bit_cast<std::uint16_t>(h);
     s[i] = sycl::bit_cast<std::uint16_t>(h * sycl::half(0.75f) + sycl::half(1.0f));
     c[i] = sycl::bit_cast<std::uint32_t>(x[i]);
     bk[i] = h;
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const sycl::half h = values[i];
    ASSERT_EQ(rounded[i], bits(h)) << values[i];
    const sycl::half sum = h * sycl::half(0.75f) + sycl::half(1.0f);
    if (std::isnan(static_cast<float>(sum))) {
      // Arithmetic on NaN gives the device's own NaN (a GPU's is 0x7fffffff in float): any
      // NaN will do.
      ASSERT_TRUE(std::isnan(decode(sums[i]))) << values[i];
    } else {
      ASSERT_EQ(sums[i], bits(sum)) << values[i];
    }
    std::uint32_t u;
    std::memcpy(&u, &values[i], 4);
    ASSERT_EQ(cast[i], u);
    if (!std::isnan(static_cast<float>(h))) {
      ASSERT_EQ(back[i], static_cast<float>(h));
    }
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_half_device);

}  // namespace
