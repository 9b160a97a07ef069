// sycl::stream (SYCL 2020 §4.16): kernels' output captured from file descriptor 1 and
// checked against references the host computes with snprintf: every line exactly once and
// whole, each type and manipulator formatted as std::ostream (printf) does, the output
// complete once the kernel's event is waited for; range kernels with partial chunks and
// nd_range kernels with barriers between writes.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include "support/devices.hpp"

using cohort_test::on_device;

namespace {

/// Captures what the process writes to file descriptor 1 between construction and take().
class capture_stdout {
public:
  capture_stdout() {
    std::fflush(stdout);
    m_file = std::tmpfile();
    m_saved = dup(1);
    dup2(fileno(m_file), 1);
  }
  ~capture_stdout() { restore(); }
  std::string take() {
    restore();
    std::string out;
    std::rewind(m_file);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, m_file)) > 0) out.append(buf, n);
    return out;
  }

private:
  void restore() {
    if (m_saved < 0) return;
    std::fflush(stdout);
    dup2(m_saved, 1);
    close(m_saved);
    m_saved = -1;
  }
  std::FILE* m_file = nullptr;
  int m_saved = -1;
};

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '\n') {
      lines.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  if (start < s.size()) lines.push_back(s.substr(start));
  return lines;
}

template <typename... A>
std::string fmt(const char* f, A... a) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, f, a...);
  return buf;
}

/// Runs `cgf`'s kernel with stdout captured; the output once its event completed.
template <typename F>
std::string output_of(sycl::queue& q, F cgf) {
  capture_stdout cap;
  q.submit(cgf).wait();
  return cap.take();
}

class stream_test : public on_device {};

TEST_P(stream_test, SizesAndProperties) {
  q.submit([&](sycl::handler& h) {
     sycl::stream os(4096, 128, h);
     EXPECT_EQ(os.size(), 4096u);
     EXPECT_EQ(os.get_work_item_buffer_size(), 128u);
     sycl::stream copy = os;
     EXPECT_TRUE(copy == os);
     h.single_task(COHORT_LAMBDA() {});
   }).wait();
}

TEST_P(stream_test, EveryItemsLineOnceAndWhole) {
  for (std::size_t n : {1u, 7u, 1000u, 4099u}) {
    const std::string out = output_of(q, [&](sycl::handler& h) {
      sycl::stream os(1 << 20, 256, h);
      h.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) {
        os << "item " << i[0] << " of " << n << " squared " << i[0] * i[0] << sycl::endl;
      });
    });
    std::vector<std::string> got = lines_of(out);
    std::vector<std::string> want;
    for (std::size_t i = 0; i < n; ++i) want.push_back(fmt("item %zu of %zu squared %zu", i, n, i * i));
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    EXPECT_EQ(got, want) << "n = " << n;
    EXPECT_TRUE(out.empty() || out.back() == '\n');
  }
}

TEST_P(stream_test, LinesOverStatementsAndBarriers) {
  // Each item builds one line over three statements with barriers between them, and writes
  // a whole line of its own in between: with fibers, items interleave on one thread.
  const std::size_t groups = 5, local = 24;
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 20, 512, h);
    h.parallel_for(sycl::nd_range<1>{groups * local, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
      const std::size_t g = it.get_global_id(0);
      os << "built " << g << ':';
      sycl::group_barrier(it.get_group());
      os << "before " << g << sycl::endl;
      os << " a=" << static_cast<int>(g) * 3;
      sycl::group_barrier(it.get_group());
      os << " b=" << static_cast<double>(g) / 4 << "\n";
    });
  });
  std::vector<std::string> got = lines_of(out), want;
  const bool whole_lines_over_statements = q.get_device().is_cpu();
  for (std::size_t g = 0; g < groups * local; ++g) {
    want.push_back(fmt("built %zu:before %zu", g, g));
    want.push_back(fmt(" a=%d b=%g", static_cast<int>(g) * 3, static_cast<double>(g) / 4));
  }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  if (whole_lines_over_statements) {
    EXPECT_EQ(got, want);
  } else {
    // On the GPU each statement is written whole; compare the pieces.
    std::string all;
    for (auto& l : lines_of(out)) all += l;
    EXPECT_EQ(all.size(), [&] {
      std::size_t s = 0;
      for (auto& w : want) s += w.size();
      return s;
    }());
  }
}

TEST_P(stream_test, NdRangeItemsInTwoDimensions) {
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 20, 256, h);
    h.parallel_for(sycl::nd_range<2>{{6, 8}, {3, 4}}, COHORT_LAMBDA(sycl::nd_item<2> it) {
      os << it << sycl::endl;
      sycl::group_barrier(it.get_group());
      if (it.get_local_linear_id() == 0) os << it.get_group() << sycl::endl;
    });
  });
  std::vector<std::string> got = lines_of(out), want;
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = 0; j < 8; ++j) {
      want.push_back(fmt("nd_item(global_id: {%zu, %zu}, local_id: {%zu, %zu})", i, j, i % 3, j % 4));
      if (i % 3 == 0 && j % 4 == 0)
        want.push_back(fmt("group(id: {%zu, %zu}, global_range: {6, 8}, local_range: {3, 4}, group_range: {2, 2})",
                           i / 3, j / 4));
    }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

TEST_P(stream_test, IntegersAndManipulators) {
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 16, 1024, h);
    h.single_task(COHORT_LAMBDA() {
      os << 'c' << static_cast<signed char>('s') << static_cast<unsigned char>('u') << sycl::endl;
      os << true << ' ' << false << sycl::endl;
      os << static_cast<short>(-12) << ' ' << static_cast<unsigned short>(65535) << ' ' << -2147483647 - 1 << ' '
         << 4294967295u << ' ' << -9223372036854775807L - 1 << ' ' << 18446744073709551615UL << ' ' << -5LL << ' '
         << 7ULL << sycl::endl;
      os << sycl::hex << 255 << ' ' << sycl::showbase << 255 << ' ' << 0 << ' ' << -1 << sycl::endl;
      os << sycl::oct << 8 << ' ' << sycl::showbase << 8 << ' ' << 0 << sycl::noshowbase << ' ' << 8 << sycl::endl;
      os << sycl::showpos << 5 << ' ' << 0 << ' ' << -5 << ' ' << 5u << sycl::noshowpos << ' ' << 5 << sycl::endl;
      os << sycl::hex << 26 << sycl::dec << ' ' << 26 << sycl::endl;
      os << '[' << sycl::setw(6) << 42 << ']' << '[' << sycl::setw(2) << 12345 << ']' << '[' << sycl::setw(4) << "ab"
         << ']' << '[' << 7 << ']' << sycl::endl;
      os << "no manipulator lasts past a statement: " << 26 << sycl::endl;
      os << "flushed";
      os << sycl::flush;
      os << "\n";
    });
  });
  const std::vector<std::string> want = {
      "csu",
      "1 0",
      "-12 65535 -2147483648 4294967295 -9223372036854775808 18446744073709551615 -5 7",
      "ff 0xff 0 0xffffffff",
      "10 010 0 10",
      "+5 +0 -5 5 5",
      "1a 26",
      "[    42][12345][  ab][7]",
      "no manipulator lasts past a statement: 26",
      "flushed",
  };
  EXPECT_EQ(lines_of(out), want);
}

TEST_P(stream_test, FloatingPointAsPrintf) {
  // Values and precisions against the host's snprintf with %g, %f, %e and %a.
  const std::vector<double> values = {0.0,     -0.0,    1.0,        0.5,      1.5,       2.5,     0.125,
                                      3.14159265358979, 1e-5, 123456789.0, 1e21,   1.0 / 3, 2.0 / 3, 9.9999996,
                                      0.000123456,      5e-324, DBL_MAX, DBL_MIN, -273.15,  1e100,    0.05,
                                      1234.5,           99.5,   0.95,    1e15,    123456.0, 1234567.0, 8.5};
  const std::vector<int> precisions = {0, 1, 3, 6, 10, 17};
  double* v = sycl::malloc_shared<double>(values.size(), q);
  std::copy(values.begin(), values.end(), v);
  const std::size_t count = values.size();
  // One work-item, so that lines built over several statements stay whole on every device.
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 20, 4096, h);
    h.single_task(COHORT_LAMBDA() {
      for (std::size_t i = 0; i < count; ++i) {
        const double x = v[i];
        const int ps[] = {0, 1, 3, 6, 10, 17};
        os << i << ' ' << x;
        for (int p : ps)
          os << ' ' << sycl::setprecision(p) << x << ' ' << sycl::fixed << sycl::setprecision(p) << x << ' '
             << sycl::scientific << sycl::setprecision(p) << x << sycl::defaultfloat;
        os << ' ' << sycl::hexfloat << x << sycl::defaultfloat << ' ' << sycl::showpos << x << ' '
           << static_cast<float>(x) << sycl::endl;
      }
    });
  });
  std::map<std::size_t, std::string> got;
  for (const auto& l : lines_of(out)) got[std::strtoull(l.c_str(), nullptr, 10)] = l;
  ASSERT_EQ(got.size(), count);
  for (std::size_t i = 0; i < count; ++i) {
    const double x = values[i];
    std::string want = fmt("%zu %g", i, x);
    for (int p : precisions) want += fmt(" %.*g %.*f %.*e", p, x, p, x, p, x);
    want += fmt(" %a %+g %+g", x, x, static_cast<double>(static_cast<float>(x)));
    EXPECT_EQ(got[i], want);
  }
  sycl::free(v, q);
}

TEST_P(stream_test, SpecialValuesVectorsAndIndices) {
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 16, 1024, h);
    h.parallel_for(sycl::range<2>{1, 1}, COHORT_LAMBDA(sycl::item<2> it) {
      const double inf = __builtin_inf();
      const double nan = __builtin_nan("");
      os << inf << ' ' << -inf << ' ' << nan << ' ' << sycl::showpos << inf << sycl::endl;
      os << sycl::vec<float, 4>{1.5f, -2.f, 0.f, 3.25f} << ' ' << sycl::vec<int, 3>{1, -2, 3} << ' '
         << sycl::vec<unsigned, 2>{7u, 8u} << sycl::endl;
      os << sycl::hex << sycl::vec<int, 2>{255, 16} << sycl::endl;
      os << sycl::id<3>{1, 2, 3} << ' ' << sycl::range<1>{9} << ' ' << it << sycl::endl;
      os << sycl::half(0.5f) << ' ' << static_cast<const void*>(nullptr) << sycl::endl;
    });
  });
  const std::vector<std::string> want = {
      "inf -inf nan +inf",
      "{1.5, -2, 0, 3.25} {1, -2, 3} {7, 8}",
      "{ff, 10}",
      "{1, 2, 3} {9} item(range: {1, 1}, id: {0, 0})",
      "0.5 0",
  };
  EXPECT_EQ(lines_of(out), want);
}

TEST_P(stream_test, PointersAndMultiPtr) {
  int* data = sycl::malloc_shared<int>(4, q);
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 16, 256, h);
    h.single_task(COHORT_LAMBDA() {
      os << data << ' ' << sycl::raw_global_ptr<int>(data + 1) << sycl::endl;
    });
  });
  EXPECT_EQ(out, fmt("0x%lx 0x%lx\n", reinterpret_cast<unsigned long>(data), reinterpret_cast<unsigned long>(data + 1)));
  sycl::free(data, q);
}

TEST_P(stream_test, HierarchicalItems) {
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 16, 256, h);
    h.parallel_for_work_group(sycl::range<1>{2}, sycl::range<1>{3}, COHORT_LAMBDA(sycl::group<1> g) {
      g.parallel_for_work_item([=](sycl::h_item<1> it) { os << it << sycl::endl; });
    });
  });
  std::vector<std::string> got = lines_of(out), want;
  for (std::size_t g = 0; g < 2; ++g)
    for (std::size_t l = 0; l < 3; ++l)
      want.push_back(fmt("h_item(global item(range: {6}, id: {%zu}), logical local item(range: {3}, id: {%zu}), "
                         "physical local item(range: {3}, id: {%zu}))",
                         g * 3 + l, l, l));
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

TEST_P(stream_test, UnfinishedLinesAreWrittenAtCompletion) {
  COHORT_SKIP_UNLESS_CPU(q, "the GPU writes each statement at its end");
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 16, 256, h);
    h.single_task(COHORT_LAMBDA() { os << "no newline " << 1; });
  });
  EXPECT_EQ(out, "no newline 1");
}

TEST_P(stream_test, LongLinesPastTheWorkItemBuffer) {
  // A line longer than the work-item buffer is written in pieces; all of it arrives.
  const std::string out = output_of(q, [&](sycl::handler& h) {
    sycl::stream os(1 << 16, 16, h);
    h.single_task(COHORT_LAMBDA() {
      for (int i = 0; i < 40; ++i) os << static_cast<char>('a' + i % 26);
      os << sycl::endl;
    });
  });
  std::string want;
  for (int i = 0; i < 40; ++i) want += static_cast<char>('a' + i % 26);
  EXPECT_EQ(out, want + "\n");
}

TEST_P(stream_test, ZeroSizesThrow) {
  try {
    q.submit([&](sycl::handler& h) { sycl::stream os(0, 0, h); });
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code().value(), static_cast<int>(sycl::errc::invalid));
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(stream_test);

}  // namespace
