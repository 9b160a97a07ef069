// A matrix transpose through local tiles with a functor kernel, written against SYCL 1.2.1's
// interface as older programs are: <CL/sycl.hpp>, `using namespace cl::sycl`, local_ptr
// from get_pointer, and the work-group barrier on nd_item.
#include <CL/sycl.hpp>

#include <cstdio>
#include <vector>

using namespace cl::sycl;

constexpr std::size_t tile = 8;

class transpose_tile {
public:
  transpose_tile(const float* in, float* out, std::size_t rows, std::size_t columns, local_accessor<float, 2> scratch)
      : m_in(in), m_out(out), m_rows(rows), m_columns(columns), m_scratch(scratch) {}

  void operator()(nd_item<2> item) const {
    const std::size_t r = item.get_global_id(0), c = item.get_global_id(1);
    const std::size_t lr = item.get_local_id(0), lc = item.get_local_id(1);
    m_scratch[lr][lc] = m_in[r * m_columns + c];
    item.barrier(access::fence_space::local_space);
    // The tile's transpose lands at the mirrored tile position.
    const std::size_t out_row = item.get_group(1) * tile + lr, out_column = item.get_group(0) * tile + lc;
    local_ptr<float> row = m_scratch.get_pointer();
    row += static_cast<std::ptrdiff_t>(lc * tile);
    m_out[out_row * m_rows + out_column] = row[lr];
  }

private:
  const float* m_in;
  float* m_out;
  std::size_t m_rows, m_columns;
  local_accessor<float, 2> m_scratch;
};

int main() {
  constexpr std::size_t rows = 24, columns = 40;
  queue q{cpu_selector_v};
  float* in = malloc_shared<float>(rows * columns, q);
  float* out = malloc_shared<float>(rows * columns, q);
  for (std::size_t i = 0; i < rows * columns; ++i) in[i] = static_cast<float>(i);

  q.submit([&](handler& cgh) {
    local_accessor<float, 2> scratch(range<2>(tile, tile), cgh);
    cgh.parallel_for<transpose_tile>(nd_range<2>(range<2>(rows, columns), range<2>(tile, tile)),
                                     transpose_tile(in, out, rows, columns, scratch));
  });
  q.wait_and_throw();

  int errors = 0;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c)
      if (out[c * rows + r] != in[r * columns + c]) ++errors;
  free(in, q);
  free(out, q);
  if (errors != 0) {
    std::printf("tiled_transpose: %d elements wrong\n", errors);
    return 1;
  }
  std::printf("tiled_transpose: passed\n");
  return 0;
}
