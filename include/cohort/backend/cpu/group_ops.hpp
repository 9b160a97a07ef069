// SPDX-License-Identifier: MIT
#pragma once
// Group algorithms of the CPU backend. Every collective is one suspension round: each
// work-item arrives, waits at a barrier, and resumes with its result.
//
// Reductions and scans of values up to 64 bytes run on a running value per scope: the
// items of a scope arrive at a collective in local id order (each suspends by jumping to
// the next), so each combines its value into the scope's running value as it arrives. A
// scan item so knows its result before it suspends; a reduction's total is complete when
// the last item arrives, which copies it to the scope's result place, and everybody reads
// it there on resuming. Nothing is computed in a separate pass and no item publishes where
// its value is.
//
// The joint algorithms' result, computed once by the last item to arrive, goes to the
// same result place where it fits.
//
// The other collectives (select, the sub-group extras, reductions and scans of larger
// values, and joint results of more than 64 bytes) exchange pointers: each item publishes
// where its value is (and where its result goes), and the last to arrive computes every
// result in one pass, from a contiguous copy of the values or from where they are, and
// writes each into the waiting item's own frame, or keeps a result common to all in its
// own frame and points everybody there.
//
// Values and results stay in the items' frames (fiber stacks) and the shared table holds
// only a pointer per item, so nothing shared depends on the value type. That matters
// because items of one group are at different collectives at once: an item that resumed
// may already publish for its next collective (possibly of another type) while later items
// have not resumed from the previous one, and a sub-group may run its collectives while
// the rest of the work-group waits at a work-group collective. For the same reason each
// scope has its own running value, and a result place apart from it that only the
// completion writes.
#include <compare>
#include <cstddef>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/native_vector.hpp>
#include <cohort/detail/reduce_lanes.hpp>
#include <cohort/detail/sequential_algorithms.hpp>

namespace cohort::backends::cpu::group_ops {

/// The local linear id range [lo, hi) that a group or sub-group covers in its work-group,
/// the calling item's local linear id in the work-group, and whether the range is the
/// work-group itself (a sub-group may cover it all too).
struct scope {
  std::size_t lo, hi, me;
  bool work_group;
};

/// An item's value, and then its result, in its own frame; constructed later (neither
/// need be default-constructible). Both members sit at its address.
template <typename In, typename Out>
union exchange_place {
  exchange_place() {}
  In in;
  Out out;
};

/// The objects the table's entries point to, as T (const In for the values, Out for the
/// results): a random-access iterator, so that a completion can compute on the values
/// where they wait (detail::fold_nonempty and detail::scan take iterators).
template <typename T>
class entry_iterator {
public:
  using value_type = std::remove_const_t<T>;
  using reference = T&;
  using difference_type = std::ptrdiff_t;
  using iterator_concept = std::random_access_iterator_tag;
  using iterator_category = std::random_access_iterator_tag;

  entry_iterator() = default;
  explicit entry_iterator(const fiber_engine::exchange_entry* entry) : m_entry(entry) {}

  reference operator*() const { return *static_cast<T*>(*m_entry); }
  reference operator[](difference_type n) const { return *(*this + n); }
  entry_iterator& operator++() { return *this += 1; }
  entry_iterator operator++(int) { return std::exchange(*this, *this + 1); }
  entry_iterator& operator--() { return *this -= 1; }
  entry_iterator operator--(int) { return std::exchange(*this, *this - 1); }
  entry_iterator& operator+=(difference_type n) {
    m_entry += n;
    return *this;
  }
  entry_iterator& operator-=(difference_type n) { return *this += -n; }
  friend entry_iterator operator+(entry_iterator i, difference_type n) { return i += n; }
  friend entry_iterator operator+(difference_type n, entry_iterator i) { return i += n; }
  friend entry_iterator operator-(entry_iterator i, difference_type n) { return i -= n; }
  friend difference_type operator-(entry_iterator a, entry_iterator b) { return a.m_entry - b.m_entry; }
  friend bool operator==(entry_iterator a, entry_iterator b) = default;
  friend auto operator<=>(entry_iterator a, entry_iterator b) = default;

private:
  const fiber_engine::exchange_entry* m_entry = nullptr;
};

/// Runs one collective over `s` in which every item gets its own result:
/// `complete(values, results, count)`, with entry_iterators, reads the `count` values and
/// writes every item's result into its place (which ends that item's value: read it first).
template <typename Out, typename In, typename Complete>
[[gnu::always_inline]] inline Out collective_per_item(scope s, const In& mine, Complete&& complete) {
  static_assert(std::is_trivially_copyable_v<In> && std::is_trivially_copyable_v<Out>,
                "group algorithms exchange trivially copyable values");
  using values = entry_iterator<const In>;
  using results = entry_iterator<Out>;
  exchange_place<In, Out> place;
  new (&place.in) In(mine);
  if (s.hi - s.lo == 1) {  // a one-item scope needs no synchronisation (and no fibers)
    const fiber_engine::exchange_entry only = &place;
    complete(values(&only), results(&only), std::size_t{1});
    return place.out;
  }
  fiber_engine& e = fiber_engine::active();
  fiber_engine::exchange_entry* table = e.exchange_table();
  // The value and then the result share one place in the item's frame: once a group's
  // frames outgrow L1, each line of its frame an item keeps live across the switch is a
  // miss on every call.
  table[s.me] = &place;
  e.barrier(s.me, s.lo, s.hi, [&] { complete(values(table + s.lo), results(table + s.lo), s.hi - s.lo); });
  return place.out;
}

/// Runs one collective over `s` whose result is the same for every item:
/// `complete(values, count)` returns it. Nothing of it lives in the waiting items' frames:
/// the table points at their values where they are (`mine`), and the completing item keeps
/// the result in its own frame and points every entry there. That is safe because the
/// completer is the scope's last live item, so it resumes only after all the others, each
/// of which reads its entry as it resumes, and no later collective of theirs writes to the
/// completer's frame or to an entry of an item still waiting.
template <typename Out, typename In, typename Complete>
[[gnu::always_inline]] inline Out collective_one_result(scope s, const In& mine, Complete&& complete) {
  static_assert(std::is_trivially_copyable_v<In> && std::is_trivially_copyable_v<Out>,
                "group algorithms exchange trivially copyable values");
  using values = entry_iterator<const In>;
  fiber_engine::exchange_entry const mine_entry = const_cast<In*>(std::addressof(mine));
  if (s.hi - s.lo == 1) return complete(values(&mine_entry), std::size_t{1});
  fiber_engine& e = fiber_engine::active();
  fiber_engine::exchange_entry* table = e.exchange_table();
  table[s.me] = mine_entry;
  union result_place {
    result_place() {}
    Out value;
  } result;
  e.barrier(s.me, s.lo, s.hi, [&] {
    new (&result.value) Out(complete(values(table + s.lo), s.hi - s.lo));
    for (std::size_t i = s.lo; i < s.hi; ++i) table[i] = &result.value;
  });
  return *static_cast<const Out*>(table[s.me]);
}

/// Runs one collective over `s` on a contiguous copy of the values, for computations that
/// vectorise: `compute(in, count, out)` fills `out` (raw storage for `count` Outs, to be
/// constructed) from the `count` values; an item gets `out[its index]`. Each item's value
/// and then its result share one place in its frame.
template <typename Out, typename In, typename Compute>
[[gnu::always_inline]] inline Out collective_on_copies(scope s, const In& mine, Compute&& compute) {
  static_assert(std::is_trivially_copyable_v<In> && std::is_trivially_copyable_v<Out>,
                "group algorithms exchange trivially copyable values");
  exchange_place<In, Out> place;
  if (s.hi - s.lo == 1) {  // a one-item scope needs no synchronisation (and no fibers)
    compute(&mine, 1, &place.out);
    return place.out;
  }
  fiber_engine& e = fiber_engine::active();
  fiber_engine::exchange_entry* table = e.exchange_table();
  new (&place.in) In(mine);
  table[s.me] = &place;
  e.barrier(s.me, s.lo, s.hi, [&] {
    // Only this item runs now, so the engine's scratch is free for the copies.
    const std::size_t count = s.hi - s.lo;
    const std::size_t in_bytes = (count * sizeof(In) + 63) / 64 * 64;
    auto* base = static_cast<std::byte*>(e.collective_scratch(in_bytes + count * sizeof(Out)));
    In* in = reinterpret_cast<In*>(base);
    Out* out = reinterpret_cast<Out*>(base + in_bytes);
    const entry_iterator<const In> values(table + s.lo);
    for (std::size_t i = 0; i < count; ++i) new (in + i) In(values[i]);
    compute(static_cast<const In*>(in), count, out);
    const entry_iterator<Out> results(table + s.lo);
    for (std::size_t i = 0; i < count; ++i) new (&results[i]) Out(out[i]);
  });
  return place.out;
}

/// The bits of a T in one register where T is 16, 32 or 64 bytes and the target has
/// registers that wide, else the T itself. g++ splits an aggregate kept across the fiber
/// switch into its elements and reassembles it with narrow stores, whose wide reload then
/// cannot be forwarded; a GNU vector stays whole.
template <typename T, std::size_t Bytes = sizeof(T)>
struct whole {
  using type = T;
};
#if COHORT_NATIVE_VECTORS
template <typename T, std::size_t Bytes>
  requires((Bytes == 16 || Bytes == 32 || Bytes == 64) && Bytes <= detail::native_register_bytes)
struct whole<T, Bytes> {
  using type = detail::native_vector_t<char, static_cast<int>(Bytes)>;
};
#endif
template <typename T>
using whole_t = typename whole<T>::type;

/// whole_t<T> read from or written to a T's place: typed vector accesses (a memcpy of 32
/// bytes becomes a 256-bit integer access, whose kernel-side vec g++ then splits again),
/// other types as themselves (a memcpy took a double through a general register).
template <typename T>
using whole_alias_t [[gnu::may_alias, gnu::aligned(alignof(T))]] = whole_t<T>;

/// clang does not lower a vector typedef's alignment to T's (it loaded a marray<double, 2>
/// at an 8-byte boundary with an aligned 16-byte move): there a memcpy, which clang turns
/// into one unaligned vector access.
template <typename T>
[[gnu::always_inline]] inline whole_t<T> load_whole(const T* p) {
  if constexpr (std::is_same_v<whole_t<T>, T>) {
    return *p;
  } else {
#if defined(__clang__)
    whole_t<T> w;
    __builtin_memcpy(&w, p, sizeof w);
    return w;
#else
    return *reinterpret_cast<const whole_alias_t<T>*>(p);
#endif
  }
}
template <typename T>
[[gnu::always_inline]] inline void store_whole(T* p, const whole_t<T>& w) {
  if constexpr (std::is_same_v<whole_t<T>, T>) {
    *p = w;
  } else {
#if defined(__clang__)
    __builtin_memcpy(p, &w, sizeof w);
#else
    *reinterpret_cast<whole_alias_t<T>*>(p) = w;
#endif
  }
}

/// Makes `w` a value of its own for the compiler. A scan's result is both combined (as T)
/// and returned (as whole_t<T>); g++ kept both views of a vector result across the fiber
/// switch and spilled each, one more store and load per item and call. Types that travel
/// as themselves (scalars, other aggregates) are left alone.
template <typename T>
[[gnu::always_inline]] inline void detach([[maybe_unused]] whole_t<T>& w) {
  if constexpr (!std::is_same_v<whole_t<T>, T>) asm("" : "+v"(w));
}

/// The running values of scope `s` (fiber_engine::running_scope). `s.work_group` is known
/// where the collective is compiled, so the choice costs nothing at run time.
[[gnu::always_inline]] inline fiber_engine::running_scope& running_values(fiber_engine& e, scope s) {
  return s.work_group ? e.group_running() : e.sub_group_running(s.lo);
}

/// Whether collectives over T run on the scope's running value (below).
template <typename T>
inline constexpr bool runs_v = sizeof(T) <= fiber_engine::running_value::capacity && alignof(T) <= 64;

/// Collectives by running value. The items of a scope arrive at a collective in local id
/// order (each suspends by jumping to the next one), so each can combine its value into the
/// scope's running value as it arrives: a scan item knows its own result at once, and a
/// reduction's total is complete when the last arrives. The barrier keeps everybody until
/// all arrived; there is no completion pass and no value in the exchange table.
///
/// An item's result is the running value before (`Inclusive` false: exclusive scans, which
/// start from `*init`) or after (true) its value is combined into it, or with `Total` the
/// value the last item left, which the completion copies to the scope's result for the
/// items to read on resuming (the next collective's first item restarts the running value
/// before the others resume).
template <bool Inclusive, bool Total, typename T, typename Op>
[[gnu::always_inline]] inline T running_collective(scope s, const T& x, const T* init, Op op) {
  static_assert(std::is_trivially_copyable_v<T>, "group algorithms exchange trivially copyable values");
  static_assert(Inclusive || !Total, "a total includes every value");
  // One return, of a T written as one register on every path: a T returned from several
  // paths is assembled in the frame and reloaded, one more line per item and call for a
  // vec; and operands read as one register keep g++ from splitting the kernel's vec into
  // elements (both measured on vec<int, 8>).
  T out;
  // A sub-group of one item (the CPU's default) needs neither the engine nor its buffers.
  // A work-group of one item takes the general path, whose barrier returns at once: not
  // testing for it here keeps two instructions off every arrival.
  if (!s.work_group && s.hi - s.lo == 1) [[unlikely]] {
    store_whole(&out, load_whole(Inclusive ? &x : init));
  } else {
    fiber_engine& e = fiber_engine::active();
    fiber_engine::running_scope& rs = running_values(e, s);
    T* acc = reinterpret_cast<T*>(rs.running.value);
    // The scope's first item starts the running value: items arrive in local id order,
    // and SYCL requires every item of the scope to reach the collective (if some do not,
    // nothing hangs; the values are unspecified). Branches, not selects: only the first
    // item takes them, and the next item's loads then depend on one forwarded store (the
    // running value), not on two.
    if constexpr (Inclusive) {
      // The new running value, kept from the combine rather than read back from the buffer
      // for a scan's result: g++ does not see through the buffer's register-type view, so a
      // vector result went through a store-forwarded reload.
      whole_t<T> now;
      if (s.me == s.lo) [[unlikely]] {
        now = load_whole(&x);
      } else {
        const T sum = detail::combine<T>(op, *acc, x);
        now = load_whole(&sum);
      }
      store_whole(acc, now);
      if constexpr (!Total) {  // a scan item's result is known now; a total only after the barrier
        detach<T>(now);
        store_whole(&out, now);
      }
    } else {  // an exclusive scan's result is the running value before its own
      whole_t<T> before;
      if (s.me == s.lo) [[unlikely]] {
        before = load_whole(init);
      } else {
        before = load_whole(acc);
      }
      T prev, value;
      store_whole(&prev, before);
      store_whole(&value, load_whole(&x));
      *acc = detail::combine<T>(op, prev, value);
      detach<T>(before);
      store_whole(&out, before);
    }
    T* total = reinterpret_cast<T*>(rs.result.value);
    e.barrier(s.me, s.lo, s.hi, [&] {
      if constexpr (Total) store_whole(total, load_whole(acc));
    });
    if constexpr (Total) store_whole(&out, load_whole(total));
  }
  return out;
}

/// A floating-point reduction in the fixed lane order of detail/reduce_lanes.hpp: items
/// arrive in local id order, each combining its value into its lane of the scope's lanes
/// (the first L items start them); the last item's completion combines the lanes.
template <typename T, typename Op>
[[gnu::always_inline]] inline T lane_ordered_reduce(scope s, const T& x, Op op) {
  constexpr std::size_t lanes = detail::reduce_lanes_v<T>;
  static_assert(lanes * sizeof(T) <= sizeof(fiber_engine::running_scope::lanes));
  if (!s.work_group && s.hi - s.lo == 1) [[unlikely]]
    return x;
  fiber_engine& e = fiber_engine::active();
  fiber_engine::running_scope& rs = running_values(e, s);
  T* const lane = reinterpret_cast<T*>(rs.lanes);
  const std::size_t i = s.me - s.lo;
  if (i < lanes) [[unlikely]]
    lane[i] = x;
  else
    lane[i % lanes] = detail::combine<T>(op, lane[i % lanes], x);
  T* const total = reinterpret_cast<T*>(rs.result.value);
  e.barrier(s.me, s.lo, s.hi, [&] { *total = detail::combine_lanes(lane, s.hi - s.lo, op); });
  return *total;
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T reduce(scope s, const T& x, Op op) {
  if constexpr (detail::lane_ordered_reduce_v<Op, T>) {
    return lane_ordered_reduce(s, x, op);
  } else if constexpr (runs_v<T>) {
    return running_collective<true, true, T>(s, x, nullptr, op);
  } else {
    return collective_one_result<T>(s, x, [&](auto values, std::size_t count) { return detail::fold_nonempty(values, count, op); });
  }
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T inclusive_scan(scope s, const T& x, Op op) {
  if constexpr (runs_v<T>) {
    return running_collective<true, false, T>(s, x, nullptr, op);
  } else {
    return collective_per_item<T>(s, x, [&](auto values, auto results, std::size_t count) {
      const T first = values[0];
      results[0] = first;
      detail::scan<true>(values + 1, count - 1, results + 1, first, op);
    });
  }
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T exclusive_scan(scope s, const T& x, const T& init, Op op) {
  if constexpr (runs_v<T>) {
    return running_collective<false, false, T>(s, x, &init, op);
  } else {
    return collective_per_item<T>(s, x, [&](auto values, auto results, std::size_t count) {
      detail::scan<false>(values, count, results, init, op);
    });
  }
}

/// Every item receives the value of the item at `source` (an index into the scope);
/// sources outside the scope give the item its own value back (the spec leaves that value
/// unspecified).
template <typename T>
[[gnu::always_inline]] inline T select(scope s, const T& x, std::size_t source) {
  struct request {
    T value;
    std::size_t source;
  };
  return collective_on_copies<T>(s, request{x, source}, [](const request* in, std::size_t count, T* out) {
    for (std::size_t i = 0; i < count; ++i) new (out + i) T(in[in[i].source < count ? in[i].source : i].value);
  });
}

/// Bytes of memory a completion must touch before the items' frames are fetched back for
/// their resumption (fiber_engine::prefetch_frames): about half of a server core's L2.
inline constexpr std::size_t frame_evicting_bytes = std::size_t{1} << 20;

/// How many items ahead a resuming item fetches a frame into L1 after a large completion:
/// enough item visits to cover a line's trip from L2 or L3.
inline constexpr std::size_t frame_prefetch_distance = 8;

/// One item (the last to arrive) computes `f()` for everybody: the joint algorithms, whose
/// `f` reads and writes about `bytes` of memory. A result that fits the scope's running value
/// goes there, as a reduction's total does (running_collective): each item then reads one
/// line that every item shares, instead of its table entry and the completer's frame behind
/// it.
template <typename R, typename F>
[[gnu::always_inline]] inline R once_for_all(scope s, F&& f, std::size_t bytes = 0) {
  static_assert(std::is_trivially_copyable_v<R>, "group algorithms exchange trivially copyable values");
  // A one-item scope completes without suspending (and may have no fibers at all).
  if (s.hi - s.lo == 1) return f();
  const bool evicts_frames = bytes >= frame_evicting_bytes;
  R r;
  if constexpr (runs_v<R>) {
    fiber_engine& e = fiber_engine::active();
    fiber_engine::running_scope& rs = running_values(e, s);
    R* const shared = reinterpret_cast<R*>(rs.result.value);
    e.barrier(s.me, s.lo, s.hi, [&] {
      new (shared) R(f());
      if (evicts_frames) e.prefetch_frames(s.lo, s.hi);
    });
    store_whole(&r, load_whole(shared));
  } else {
    r = collective_one_result<R>(s, char{0}, [&](auto, std::size_t) {
      R result = f();
      if (evicts_frames) fiber_engine::active().prefetch_frames(s.lo, s.hi);
      return result;
    });
  }
  // Items resume in order; the one `distance` places on still waits here.
  if (evicts_frames && s.me + frame_prefetch_distance < s.hi)
    fiber_engine::active().prefetch_frame_to_l1(s.me + frame_prefetch_distance);
  return r;
}

}  // namespace cohort::backends::cpu::group_ops
