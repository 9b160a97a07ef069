// Lambert shading of a cloud of particles, in the style of the SYCL samples: positions and
// colours in float4 with simple swizzles, normals from sycl::normalize and sycl::cross, light
// terms from sycl::dot, sycl::clamp, sycl::mix, sycl::smoothstep and sycl::pow, packed to
// uchar4 with convert<>. The host computes the same formulas with <cmath> on plain floats,
// and the two images must agree to within one unit of colour.
// float4 and its kind under nvcc too (aliases.hpp: no using-directive at file scope then).
#define COHORT_CUDA_VECTOR_ALIASES
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

struct host_vec3 {
  float x, y, z;
};

host_vec3 host_normalize(host_vec3 v) {
  const float l = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return {v.x / l, v.y / l, v.z / l};
}

float host_clamp(float v, float lo, float hi) { return std::fmin(std::fmax(v, lo), hi); }

}  // namespace

int main() {
  constexpr std::size_t n = 4099;
  std::vector<sycl::float4> positions(n);
  for (std::size_t i = 0; i < n; ++i) {
    const float t = static_cast<float>(i) * 0.01f;
    positions[i] = sycl::float4(std::cos(3.0f * t) * (1.0f + t), std::sin(2.0f * t), 0.5f + 0.1f * t, 1.0f);
  }
  const sycl::float4 light(2.0f, 3.0f, -1.0f, 0.0f);
  const sycl::float4 base_colour(0.9f, 0.6f, 0.2f, 1.0f);

  sycl::queue q{sycl::cpu_selector_v};
  std::printf("Running on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  sycl::float4* pos = sycl::malloc_device<sycl::float4>(n, q);
  sycl::uchar4* pixels = sycl::malloc_device<sycl::uchar4>(n, q);
  q.memcpy(pos, positions.data(), n * sizeof(sycl::float4)).wait();

  q.submit([&](sycl::handler& h) {
    h.parallel_for<class shade>(sycl::range<1>{n}, [=](sycl::id<1> i) {
      const sycl::float4 p = pos[i];
      // The surface normal: the position's direction tilted by a tangent.
      const sycl::float3 tangent(-p.y(), p.x(), 0.0f);
      const sycl::float3 normal = sycl::normalize(sycl::cross(tangent, sycl::float3(0.0f, 0.0f, 1.0f)) + p.xyz());
      const sycl::float3 to_light = sycl::normalize(light.xyz() - p.xyz());
      const float lambert = sycl::clamp(sycl::dot(normal, to_light), 0.0f, 1.0f);
      const float fade = sycl::smoothstep(0.5f, 4.0f, sycl::distance(light.xyz(), p.xyz()));
      const float shine = sycl::pow(lambert, 8.0f);
      sycl::float4 colour = base_colour;
      colour.rgb() = sycl::mix(colour.rgb() * lambert, sycl::float3(1.0f), shine * 0.5f) * (1.0f - 0.5f * fade);
      colour.a() = 1.0f;
      pixels[i] = (sycl::clamp(colour, 0.0f, 1.0f) * 255.0f + 0.5f).convert<std::uint8_t, sycl::rounding_mode::rtz>();
    });
  });
  q.wait();

  std::vector<sycl::uchar4> image(n);
  q.memcpy(image.data(), pixels, n * sizeof(sycl::uchar4)).wait();
  sycl::free(pos, q);
  sycl::free(pixels, q);

  const host_vec3 l{2.0f, 3.0f, -1.0f};
  const float bc[3] = {0.9f, 0.6f, 0.2f};
  for (std::size_t i = 0; i < n; ++i) {
    const sycl::float4 p = positions[i];
    const float px = p[0], py = p[1], pz = p[2];
    // cross((-py, px, 0), (0, 0, 1)) = (px, py, 0)
    const host_vec3 normal = host_normalize({px + px, py + py, pz});
    const host_vec3 to_light = host_normalize({l.x - px, l.y - py, l.z - pz});
    const float lambert = host_clamp(normal.x * to_light.x + normal.y * to_light.y + normal.z * to_light.z, 0.0f, 1.0f);
    const float d = std::sqrt((l.x - px) * (l.x - px) + (l.y - py) * (l.y - py) + (l.z - pz) * (l.z - pz));
    const float t = host_clamp((d - 0.5f) / 3.5f, 0.0f, 1.0f);
    const float fade = t * t * (3.0f - 2.0f * t);
    const float shine = std::pow(lambert, 8.0f);
    for (int c = 0; c < 4; ++c) {
      float v = 1.0f;
      if (c < 3) {
        const float lit = bc[c] * lambert;
        v = (lit + (1.0f - lit) * (shine * 0.5f)) * (1.0f - 0.5f * fade);
      }
      const int expected = static_cast<int>(host_clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f);
      if (std::abs(static_cast<int>(image[i][c]) - expected) > 1) {
        std::printf("pixel %zu channel %d = %d, expected %d\n", i, c, static_cast<int>(image[i][c]), expected);
        return 1;
      }
    }
  }
  std::printf("particle_lighting: passed\n");
  return 0;
}
