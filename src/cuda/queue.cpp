// SPDX-License-Identifier: MIT
// A queue on a CUDA device: one stream, commands launched on it by the submitting thread,
// completion and profiling through CUDA events.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include <cuda_runtime_api.h>

#include <cohort/backend/cuda/error.hpp>
#include <cohort/backend/cuda/stream_scratch.hpp>
#include "../device_queue.hpp"

namespace cohort::detail {

namespace {

cudaEvent_t make_event(bool timing) {
  cudaEvent_t e = nullptr;
  backends::cuda::check(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming),
                        "creating a CUDA event");
  return e;
}

/// A queue's spare CUDA events, so a command takes recorded-and-completed ones instead of
/// creating and destroying its own: event creation cost about as much host time as the
/// launch itself. Shared by the queue and its commands' completions, which may outlive it.
class event_pool {
public:
  event_pool() = default;
  /// A pool with `count` spare events without timing: a queue's first commands then take
  /// them as later ones do (the queue's list of commands keeps a few dozen alive before it
  /// drops the completed ones, whose events come back here). Delegating, so the events made
  /// before one that fails are destroyed with the pool.
  explicit event_pool(std::size_t count) : event_pool() {
    m_spare[0].reserve(count);
    for (std::size_t i = 0; i < count; ++i) m_spare[0].push_back(make_event(false));
  }
  ~event_pool() {
    for (cudaEvent_t e : m_spare[0]) cudaEventDestroy(e);
    for (cudaEvent_t e : m_spare[1]) cudaEventDestroy(e);
  }
  cudaEvent_t take(bool timing) {
    {
      std::lock_guard lock(m_mutex);
      auto& spare = m_spare[timing ? 1 : 0];
      if (!spare.empty()) {
        const cudaEvent_t e = spare.back();
        spare.pop_back();
        return e;
      }
    }
    return make_event(timing);
  }
  /// `e` is no longer waited for: a later record reuses it.
  void give_back(cudaEvent_t e, bool timing) noexcept {
    try {
      std::lock_guard lock(m_mutex);
      m_spare[timing ? 1 : 0].push_back(e);
    } catch (...) {
      cudaEventDestroy(e);
    }
  }

private:
  std::mutex m_mutex;
  std::vector<cudaEvent_t> m_spare[2];  // without timing, with timing
};

/// The order of a queue's end-of-command events on its stream, which completes them in that
/// order: once one is seen complete, every earlier one is, without a CUDA event query (which
/// costs the host more than a launch). Shared by the queue and its commands' completions.
class stream_progress {
public:
  /// Records `end` on `stream`; its place in the stream's order.
  std::uint64_t record(cudaEvent_t end, cudaStream_t stream) {
    std::lock_guard lock(m_mutex);  // places in the order of the records
    backends::cuda::check(cudaEventRecord(end, stream), "recording a CUDA event");
    return ++m_recorded;
  }
  bool known_complete(std::uint64_t place) const { return place <= m_complete.load(std::memory_order_acquire); }
  void completed(std::uint64_t place) {
    std::uint64_t known = m_complete.load(std::memory_order_relaxed);
    while (known < place && !m_complete.compare_exchange_weak(known, place, std::memory_order_release)) {
    }
  }

private:
  std::mutex m_mutex;
  std::uint64_t m_recorded = 0;
  std::atomic<std::uint64_t> m_complete{0};
};

/// A mark on a queue's stream whose host time is known, so device timestamps convert to the
/// host's clock; shared by the queue and its commands' completions, which may outlive it.
struct clock_reference {
  cudaEvent_t mark = nullptr;
  std::uint64_t host_ns = 0;
  explicit clock_reference(cudaStream_t stream) : mark(make_event(true)) {
    backends::cuda::check(cudaEventRecord(mark, stream), "recording a CUDA event");
    backends::cuda::check(cudaEventSynchronize(mark), "waiting for a CUDA event");
    host_ns = now_ns();
  }
  ~clock_reference() { cudaEventDestroy(mark); }
  clock_reference(const clock_reference&) = delete;
  clock_reference& operator=(const clock_reference&) = delete;
};

class cuda_completion final : public device_completion {
public:
  /// Records the start of the command on `stream` where `profiling` asks for it (which needs
  /// `reference`; null without).
  cuda_completion(cudaStream_t stream, bool profiling, std::shared_ptr<const clock_reference> reference,
                  std::shared_ptr<event_pool> pool, std::shared_ptr<stream_progress> progress)
      : m_stream(stream),
        m_reference(std::move(reference)),
        m_pool(std::move(pool)),
        m_progress(std::move(progress)),
        m_profiling(profiling) {
    m_end = m_pool->take(profiling);
    if (profiling) {
      m_start = m_pool->take(true);
      backends::cuda::check(cudaEventRecord(m_start, stream), "recording a CUDA event");
    }
  }
  ~cuda_completion() override {
    if (m_start) m_pool->give_back(m_start, true);
    m_pool->give_back(m_end, m_profiling);
  }
  void record_end() { m_place = m_progress->record(m_end, m_stream); }

  bool done(std::exception_ptr& error) override {
    if (m_progress->known_complete(m_place)) return true;
    const cudaError_t e = cudaEventQuery(m_end);
    if (e == cudaErrorNotReady) return false;
    if (e != cudaSuccess)
      error = failure(e);  // the stream's later commands answer for themselves
    else
      m_progress->completed(m_place);
    return true;
  }
  std::exception_ptr wait() override {
    if (m_progress->known_complete(m_place)) return nullptr;
    const cudaError_t e = cudaEventSynchronize(m_end);
    if (e != cudaSuccess) return failure(e);
    m_progress->completed(m_place);
    return nullptr;
  }
  /// The command's duration comes from its own two events; only its start is placed
  /// through the reference, whose float milliseconds lose precision as it ages (the queue
  /// renews it, see cuda_queue::launch).
  void times(std::uint64_t& start, std::uint64_t& end) override {
    if (!m_start) return;
    float to_start = 0, duration = 0;
    if (cudaEventElapsedTime(&to_start, m_reference->mark, m_start) != cudaSuccess ||
        cudaEventElapsedTime(&duration, m_start, m_end) != cudaSuccess)
      return;
    start = m_reference->host_ns + static_cast<std::uint64_t>(static_cast<double>(to_start) * 1e6);
    end = start + static_cast<std::uint64_t>(static_cast<double>(duration) * 1e6);
  }

  cudaStream_t stream() const { return m_stream; }
  cudaEvent_t end_event() const { return m_end; }

private:
  static std::exception_ptr failure(cudaError_t e) {
    (void)cudaGetLastError();
    return std::make_exception_ptr(backends::cuda::to_exception(e, "a command on a CUDA queue failed"));
  }

  cudaStream_t m_stream;
  cudaEvent_t m_start = nullptr, m_end = nullptr;
  std::shared_ptr<const clock_reference> m_reference;
  std::shared_ptr<event_pool> m_pool;
  std::shared_ptr<stream_progress> m_progress;
  std::uint64_t m_place = 0;
  bool m_profiling;
};

class cuda_queue final : public device_queue {
public:
  explicit cuda_queue(int device) : m_device(device) {
    backends::cuda::check(cudaSetDevice(device), "selecting a CUDA device");
    backends::cuda::check(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking), "creating a CUDA stream");
    m_reference = std::make_shared<const clock_reference>(m_stream);
    m_events = std::make_shared<event_pool>(spare_events);
  }
  ~cuda_queue() override {
    cudaSetDevice(m_device);
    cudaStreamSynchronize(m_stream);
    backends::cuda::release_stream_scratch(m_stream);
    cudaStreamDestroy(m_stream);
  }

  void* native() override { return m_stream; }

  std::unique_ptr<device_completion> launch(const std::function<void()>& work,
                                            const std::vector<event_handle>& dependencies, bool profiling) override {
    select_device();
    for (const auto& d : dependencies) {
      device_completion* running = d->running_on_device();
      if (!running) continue;
      auto* on_cuda = dynamic_cast<cuda_completion*>(running);
      if (!on_cuda)
        d->wait();
      else if (on_cuda->stream() != m_stream)  // the stream itself keeps its own order
        backends::cuda::check(cudaStreamWaitEvent(m_stream, on_cuda->end_event(), 0), "ordering CUDA streams");
    }
    if (profiling) {
      auto done = std::make_unique<cuda_completion>(m_stream, true, reference(true), m_events, m_progress);
      work();
      done->record_end();
      return done;
    }
    // Without a start to record, the launch first: what follows runs while the device does.
    work();
    auto done = std::make_unique<cuda_completion>(m_stream, false, nullptr, m_events, m_progress);
    done->record_end();
    return done;
  }

private:
  /// The calling thread's current device made this queue's (asking costs less than setting).
  void select_device() const {
    int current = -1;
    if (cudaGetDevice(&current) != cudaSuccess || current != m_device)
      backends::cuda::check(cudaSetDevice(m_device), "selecting a CUDA device");
  }
  /// The clock reference for a new command. A reference's float milliseconds resolve 1 us
  /// only for about 8 s, so a profiling queue takes a new one when the current one is a
  /// second old and the stream is idle (recording it then costs no wait). Whether it is idle
  /// is asked at most once a millisecond: a stream query costs the host more than a launch,
  /// and a busy stream would be asked at every command.
  std::shared_ptr<const clock_reference> reference(bool profiling) {
    std::lock_guard lock(m_reference_mutex);
    if (profiling) {
      const std::uint64_t now = now_ns();
      if (now - m_reference->host_ns > 1'000'000'000 && now - m_last_idle_query_ns > 1'000'000) {
        m_last_idle_query_ns = now;
        if (cudaStreamQuery(m_stream) == cudaSuccess) m_reference = std::make_shared<const clock_reference>(m_stream);
      }
    }
    return m_reference;
  }

  int m_device;
  cudaStream_t m_stream = nullptr;
  std::mutex m_reference_mutex;
  std::shared_ptr<const clock_reference> m_reference;
  std::uint64_t m_last_idle_query_ns = 0;
  /// Events made with the queue: as many as its list of commands holds before it first
  /// drops the completed ones (queue_state.cpp), and more.
  static constexpr std::size_t spare_events = 32;
  std::shared_ptr<event_pool> m_events;
  std::shared_ptr<stream_progress> m_progress = std::make_shared<stream_progress>();
};

}  // namespace

std::shared_ptr<device_queue> make_device_queue(const device_description& d) {
  if (d.owner != backend::cuda) return nullptr;
  return std::make_shared<cuda_queue>(d.index_in_backend);
}

}  // namespace cohort::detail
