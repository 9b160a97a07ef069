// SPDX-License-Identifier: MIT
#pragma once
// Text formatting for sycl::stream (runtime/stream.hpp), written once for host and device
// code: integers in bases 8, 10 and 16, and floating-point numbers as C's printf formats
// them with %f, %e, %g and %a (glibc's output: exact decimal expansion, ties to even, "-nan").
// No C library call, so nvcc compiles it for the device; no <cstdio>, to keep include time low.
#include <cstddef>
#include <cstdint>

#include <cohort/detail/macros.hpp>

namespace cohort::detail::stream_format {

enum class float_mode : unsigned char { general, fixed, scientific, hex };

/// The formatting state of one statement: what the manipulators set.
struct spec {
  unsigned char base = 10;  // 8, 10 or 16
  bool showbase = false;
  bool showpos = false;
  float_mode floats = float_mode::general;
  int precision = 6;
  int width = 0;  // for the next item only
};

/// Where formatted text goes: a fixed array, so device code can keep it in registers or
/// local memory. `put` returns false once full.
struct text {
  char* data;
  std::size_t capacity;
  std::size_t size = 0;
  COHORT_INLINE void put(char c) {
    if (size < capacity) data[size++] = c;
  }
  COHORT_INLINE void put(const char* s) {
    while (*s) put(*s++);
  }
};

/// Unsigned magnitude `v` in `base`, most significant digit first; returns the digit count.
COHORT_INLINE int digits_of(unsigned long long v, unsigned base, char* out /* >= 23 */) {
  char rev[24];
  int n = 0;
  do {
    const unsigned d = static_cast<unsigned>(v % base);
    rev[n++] = static_cast<char>(d < 10 ? '0' + d : 'a' + (d - 10));
    v /= base;
  } while (v != 0);
  for (int i = 0; i < n; ++i) out[i] = rev[n - 1 - i];
  return n;
}

/// An integer as std::ostream prints it with the flags of `s` (the width applied by the
/// caller): `negative` with magnitude `mag` in decimal, the two's complement bits (`bits`)
/// otherwise.
COHORT_INLINE void format_integer(text& out, unsigned long long mag, bool negative, bool is_signed,
                                  unsigned long long bits, const spec& s) {
  char digits[24];
  if (s.base == 10) {
    if (negative)
      out.put('-');
    else if (s.showpos && is_signed)
      out.put('+');
    const int n = digits_of(mag, 10, digits);
    for (int i = 0; i < n; ++i) out.put(digits[i]);
    return;
  }
  if (s.showbase && bits != 0) out.put(s.base == 16 ? "0x" : "0");
  const int n = digits_of(bits, s.base, digits);
  for (int i = 0; i < n; ++i) out.put(digits[i]);
}

// ---- Floating point ----

/// The exact decimal expansion of a finite, non-zero double's magnitude: digits `d[0..n)`
/// (d[0] != 0), the decimal point after `point` digits (point may be <= 0 or > n).
struct decimal {
  static constexpr int max_digits = 800;  // 2^-1074 has 751 significant digits, 2^1024 309
  char d[max_digits];
  int n = 0;
  int point = 0;
};

/// Fills `out` with the exact value m * 2^e (m < 2^53, m != 0).
COHORT_INLINE void exact_decimal(unsigned long long m, int e, decimal& out) {
  // A big integer in base 10^9, least significant limb first.
  constexpr unsigned base = 1000000000u;
  constexpr int max_limbs = 90;
  unsigned limbs[max_limbs];
  int count = 0;
  while (m != 0) {
    limbs[count++] = static_cast<unsigned>(m % base);
    m /= base;
  }
  // value = big * 2^e: for e >= 0 multiply by 2 e times; for e < 0 it is big * 5^-e / 10^-e.
  const unsigned factor = e >= 0 ? 2u : 5u;
  int steps = e >= 0 ? e : -e;
  while (steps > 0) {
    // Multiply by factor^k with factor^k < 2^32 / 10 (keeps the carry in 64 bits cheaply).
    unsigned mul = 1;
    int k = 0;
    while (k < steps && mul < (factor == 2u ? (1u << 26) : 1220703125u / 5u)) {
      mul *= factor;
      ++k;
    }
    unsigned long long carry = 0;
    for (int i = 0; i < count; ++i) {
      const unsigned long long v = static_cast<unsigned long long>(limbs[i]) * mul + carry;
      limbs[i] = static_cast<unsigned>(v % base);
      carry = v / base;
    }
    while (carry != 0) {
      limbs[count++] = static_cast<unsigned>(carry % base);
      carry /= base;
    }
    steps -= k;
  }
  // Digits, most significant first.
  out.n = 0;
  for (int i = count - 1; i >= 0; --i) {
    char nine[9];
    unsigned v = limbs[i];
    for (int j = 8; j >= 0; --j) {
      nine[j] = static_cast<char>('0' + v % 10);
      v /= 10;
    }
    int j = 0;
    if (i == count - 1)
      while (j < 8 && nine[j] == '0') ++j;
    for (; j < 9; ++j) out.d[out.n++] = nine[j];
  }
  out.point = e >= 0 ? out.n : out.n - (-e);
  while (out.n > 1 && out.d[out.n - 1] == '0') --out.n;  // trailing zeros carry no information
}

/// Rounds `x` to its first `keep` digits (keep may be <= 0: everything is rounded away),
/// to nearest with ties to even; may carry into a new leading digit.
COHORT_INLINE void round_to(decimal& x, int keep) {
  if (keep >= x.n) return;
  if (keep < 0) {
    x.n = 1;
    x.d[0] = '0';
    x.point = x.point + 1;  // unused: the caller treats an all-zero result specially
    return;
  }
  bool up;
  const char first = x.d[keep];
  if (first > '5') {
    up = true;
  } else if (first < '5') {
    up = false;
  } else {
    bool rest = false;
    for (int i = keep + 1; i < x.n; ++i) rest = rest || x.d[i] != '0';
    const bool odd = keep > 0 && ((x.d[keep - 1] - '0') & 1);
    up = rest || odd;
  }
  x.n = keep;
  if (up) {
    int i = keep - 1;
    while (i >= 0 && x.d[i] == '9') x.d[i--] = '0';
    if (i >= 0) {
      ++x.d[i];
    } else {
      for (int j = x.n; j > 0; --j) x.d[j] = x.d[j - 1];
      x.d[0] = '1';
      ++x.n;
      ++x.point;
    }
  }
  if (x.n == 0) {  // everything rounded down to zero
    x.d[0] = '0';
    x.n = 1;
  }
}

COHORT_INLINE char digit_at(const decimal& x, int i) { return i >= 0 && i < x.n ? x.d[i] : '0'; }

/// %.<p>f of |v| (rounded exactly).
COHORT_INLINE void put_fixed(text& out, const decimal& exact, bool zero, int p) {
  if (zero) {
    out.put('0');
    if (p > 0) out.put('.');
    for (int i = 0; i < p; ++i) out.put('0');
    return;
  }
  decimal x = exact;
  const int keep = x.point + p;
  bool all_zero = false;
  if (keep < 0) {
    all_zero = true;
  } else if (keep == 0) {
    // Only the rounding digit decides: 0.5 and less round to 0 (even), more to 1.
    bool more = x.d[0] > '5';
    if (x.d[0] == '5')
      for (int i = 1; i < x.n; ++i) more = more || x.d[i] != '0';
    if (more) {
      x.d[0] = '1';
      x.n = 1;
      x.point = x.point + 1;
    } else {
      all_zero = true;
    }
  } else {
    round_to(x, keep);
  }
  if (all_zero) {
    put_fixed(out, exact, true, p);
    return;
  }
  if (x.point <= 0) {
    out.put('0');
  } else {
    for (int i = 0; i < x.point; ++i) out.put(digit_at(x, i));
  }
  if (p > 0) out.put('.');
  for (int i = 0; i < p; ++i) out.put(digit_at(x, x.point + i));
}

/// The exponent %e prints for |v| with `p` digits after the point.
COHORT_INLINE int scientific_exponent(const decimal& exact, int p) {
  decimal x = exact;
  round_to(x, p + 1);
  return x.point - 1;
}

COHORT_INLINE void put_exponent(text& out, char letter, int e, int min_digits) {
  out.put(letter);
  out.put(e < 0 ? '-' : '+');
  char digits[24];
  const int n = digits_of(static_cast<unsigned long long>(e < 0 ? -e : e), 10, digits);
  for (int i = n; i < min_digits; ++i) out.put('0');
  for (int i = 0; i < n; ++i) out.put(digits[i]);
}

/// %.<p>e of |v|; `strip`: %g's removal of trailing zeros.
COHORT_INLINE void put_scientific(text& out, const decimal& exact, bool zero, int p, bool strip) {
  decimal x;
  int exponent = 0;
  if (zero) {
    x.d[0] = '0';
    x.n = 1;
  } else {
    x = exact;
    round_to(x, p + 1);
    exponent = x.point - 1;
  }
  int last = p;  // digits after the point to print
  if (strip)
    while (last > 0 && digit_at(x, last) == '0') --last;
  out.put(digit_at(x, 0));
  if (last > 0) out.put('.');
  for (int i = 1; i <= last; ++i) out.put(digit_at(x, i));
  put_exponent(out, 'e', exponent, 2);
}

/// %g: %e or %f by the exponent, without trailing zeros.
COHORT_INLINE void put_general(text& out, const decimal& exact, bool zero, int p) {
  if (p == 0) p = 1;
  const int x = zero ? 0 : scientific_exponent(exact, p - 1);
  if (p > x && x >= -4) {
    char buf[400];
    text fixed{buf, sizeof buf};
    put_fixed(fixed, exact, zero, p - 1 - x);
    std::size_t end = fixed.size;
    bool has_point = false;
    for (std::size_t i = 0; i < end; ++i) has_point = has_point || buf[i] == '.';
    if (has_point) {
      while (end > 0 && buf[end - 1] == '0') --end;
      if (end > 0 && buf[end - 1] == '.') --end;
    }
    for (std::size_t i = 0; i < end; ++i) out.put(buf[i]);
  } else {
    put_scientific(out, exact, zero, p - 1, true);
  }
}

/// %a of |v| (glibc's form: 0x1.<hex>p<exp>, subnormals 0x0.<hex>p-1022).
COHORT_INLINE void put_hex(text& out, unsigned long long mantissa, int biased_exponent) {
  out.put("0x");
  const bool subnormal = biased_exponent == 0;
  out.put(subnormal ? '0' : '1');
  int e = subnormal ? (mantissa == 0 ? 0 : -1022) : biased_exponent - 1023;
  if (mantissa != 0) {
    char hex[13];
    int n = 13;
    for (int i = 12; i >= 0; --i) {
      const unsigned d = static_cast<unsigned>(mantissa & 0xf);
      hex[i] = static_cast<char>(d < 10 ? '0' + d : 'a' + (d - 10));
      mantissa >>= 4;
    }
    while (n > 0 && hex[n - 1] == '0') --n;
    out.put('.');
    for (int i = 0; i < n; ++i) out.put(hex[i]);
  }
  put_exponent(out, 'p', e, 1);
}

/// A double as std::ostream prints it with the flags of `s` (the width applied by the
/// caller). float and half arrive converted to double, as ostream converts them.
COHORT_INLINE void format_double(text& out, double v, const spec& s) {
  const unsigned long long bits = __builtin_bit_cast(unsigned long long, v);
  const bool negative = (bits >> 63) != 0;
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  const unsigned long long mantissa = bits & ((1ull << 52) - 1);
  if (negative)
    out.put('-');
  else if (s.showpos)
    out.put('+');
  if (biased == 0x7ff) {
    out.put(mantissa == 0 ? "inf" : "nan");
    return;
  }
  if (s.floats == float_mode::hex) {
    put_hex(out, mantissa, biased);
    return;
  }
  const bool zero = biased == 0 && mantissa == 0;
  decimal exact;
  if (!zero) {
    const unsigned long long m = biased == 0 ? mantissa : (mantissa | (1ull << 52));
    const int e = (biased == 0 ? 1 : biased) - 1075;
    exact_decimal(m, e, exact);
  }
  const int p = s.precision < 0 ? 6 : s.precision;
  switch (s.floats) {
    case float_mode::fixed: put_fixed(out, exact, zero, p); break;
    case float_mode::scientific: put_scientific(out, exact, zero, p, false); break;
    default: put_general(out, exact, zero, p); break;
  }
}

}  // namespace cohort::detail::stream_format
