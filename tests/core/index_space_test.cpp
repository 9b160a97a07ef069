// id, range, item, nd_range: arithmetic, conversions and SYCL's linearisation.
#include <gtest/gtest.h>

#include <cohort/cohort.hpp>

using namespace cohort;

TEST(index_space, range_size_and_arithmetic) {
  EXPECT_EQ((range<3>{2, 3, 4}.size()), 24u);
  EXPECT_EQ((range<1>{0}.size()), 0u);
  const range<2> a{6, 8}, b{2, 4};
  EXPECT_EQ(a / b, (range<2>{3, 2}));
  EXPECT_EQ(a + b, (range<2>{8, 12}));
  EXPECT_EQ(a * 2, (range<2>{12, 16}));
  EXPECT_EQ(a % b, (range<2>{0, 0}));
}

TEST(index_space, id_conversions_and_comparison) {
  const id<1> i{41};
  const std::size_t s = i;
  EXPECT_EQ(s, 41u);
  EXPECT_EQ(id<2>(range<2>{3, 5}), (id<2>{3, 5}));
  EXPECT_NE((id<2>{1, 2}), (id<2>{2, 1}));
  id<3> j{1, 2, 3};
  j += id<3>{1, 1, 1};
  EXPECT_EQ(j, (id<3>{2, 3, 4}));
}

// The spec's element-wise relational and logical operators give 1 or 0 per dimension.
TEST(index_space, relational_logical_unary_and_increment_operators) {
  const id<3> a{1, 5, 0}, b{2, 5, 0};
  EXPECT_EQ(a < b, (id<3>{1, 0, 0}));
  EXPECT_EQ(a <= b, (id<3>{1, 1, 1}));
  EXPECT_EQ(a > b, (id<3>{0, 0, 0}));
  EXPECT_EQ(a >= b, (id<3>{0, 1, 1}));
  EXPECT_EQ(a && b, (id<3>{1, 1, 0}));
  EXPECT_EQ(a || b, (id<3>{1, 1, 0}));
  EXPECT_EQ(a < std::size_t{2}, (id<3>{1, 0, 1}));
  EXPECT_EQ(std::size_t{2} < a, (id<3>{0, 1, 0}));
  const range<2> r{3, 0};
  EXPECT_EQ(r || std::size_t{0}, (range<2>{1, 0}));
  EXPECT_EQ(+r, r);
  EXPECT_EQ(-(-r), r);
  EXPECT_EQ(-range<1>{1}, range<1>{static_cast<std::size_t>(-1)});  // size_t wraps, as in SYCL
  id<2> i{4, 7};
  EXPECT_EQ(i++, (id<2>{4, 7}));
  EXPECT_EQ(i, (id<2>{5, 8}));
  EXPECT_EQ(++i, (id<2>{6, 9}));
  EXPECT_EQ(i--, (id<2>{6, 9}));
  EXPECT_EQ(--i, (id<2>{4, 7}));
}

TEST(index_space, linearisation_is_row_major_last_fastest) {
  const range<3> r{2, 3, 5};
  std::size_t expected = 0;
  for (std::size_t a = 0; a < 2; ++a)
    for (std::size_t b = 0; b < 3; ++b)
      for (std::size_t c = 0; c < 5; ++c, ++expected) {
        const id<3> i{a, b, c};
        EXPECT_EQ(detail::linearize<3>(i, r), expected);
        EXPECT_EQ((detail::delinearize<3, id<3>>(expected, r)), i);
      }
}

TEST(index_space, nd_range_group_range) {
  const nd_range<2> ndr{range<2>{64, 30}, range<2>{16, 10}};
  EXPECT_EQ(ndr.get_group_range(), (range<2>{4, 3}));
  EXPECT_EQ(ndr.get_global_range(), (range<2>{64, 30}));
  EXPECT_EQ(ndr.get_local_range(), (range<2>{16, 10}));
}

TEST(index_space, exception_carries_errc) {
  const exception e(errc::nd_range, "bad shape");
  EXPECT_EQ(e.code(), errc::nd_range);
  EXPECT_EQ(&e.category(), &cohort_category());
  EXPECT_NE(std::string(e.what()).find("bad shape"), std::string::npos);
  const std::error_code ec = errc::kernel_not_supported;
  EXPECT_EQ(ec.category().name(), std::string("cohort"));
}
