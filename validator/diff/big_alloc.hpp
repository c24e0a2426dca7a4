// An allocator for the few large arrays of a dispute (a copy's compared records: tens of megabytes
// for a copy of 10^6 records): an allocation of 4 MB or more is its own mapping, which Linux is asked
// to back with huge pages (madvise MADV_HUGEPAGE; the kernel's default here is "madvise"), so that
// touching it costs one page fault each 2 MB rather than each 4 KB. Page faults were a third of the
// time of comparing two 10^6-record copies (docs/performance.md, "referee diff"). Smaller
// allocations, and systems without madvise, are std::allocator's. An element a vector adds without
// a value is not zeroed (BigVector::resize leaves room to be written).
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace referee::diff {

template <class T>
struct BigAlloc {
    using value_type = T;
    static constexpr std::size_t kBig = std::size_t{4} << 20;

    BigAlloc() = default;
    template <class U>
    BigAlloc(const BigAlloc<U>&) {}

    T* allocate(std::size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (n * sizeof(T) >= kBig) {
            void* p = mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED) throw std::bad_alloc();
            madvise(p, n * sizeof(T), MADV_HUGEPAGE);  // a request: refused, the pages are small ones
            return static_cast<T*>(p);
        }
#endif
        return std::allocator<T>().allocate(n);
    }
    void deallocate(T* p, std::size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (n * sizeof(T) >= kBig) {
            munmap(p, n * sizeof(T));
            return;
        }
#endif
        std::allocator<T>().deallocate(p, n);
    }
    // A new element is left as it is (default-initialized, no zero for a number): resize() then
    // makes room that the caller writes at once, without writing it twice.
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
    template <class U>
    bool operator==(const BigAlloc<U>&) const {
        return true;
    }
};

template <class T>
using BigVector = std::vector<T, BigAlloc<T>>;

}  // namespace referee::diff
