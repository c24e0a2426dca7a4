// The memory for_each_leaf holds while it walks a deep command tree (parser/vassal/text.cpp): it must
// stay in proportion to the text, whatever the depth (vassal.md: hostile files are refused or read
// "within bounded memory"). A program of its own, because it counts every allocation: it replaces
// the global operator new and delete.
#include "vassal_text.hpp"
#include "vassal_target.hpp"   // encode_sequence

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <malloc.h>
#include <new>
#include <string>

namespace {

std::atomic<std::size_t> g_live{0}, g_peak{0};   // bytes of the blocks allocated and not yet freed

}  // namespace

// GCC, seeing through an inlined new and delete, takes the free() of a block from operator new for
// a mismatch: here it is the very pairing.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t n) {
    void* p = std::malloc(n == 0 ? 1 : n);
    if (p == nullptr) throw std::bad_alloc();
    const std::size_t size = malloc_usable_size(p);
    const std::size_t now = g_live.fetch_add(size) + size;
    std::size_t peak = g_peak.load();
    while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {
    }
    return p;
}
void operator delete(void* p) noexcept {
    if (p == nullptr) return;
    g_live.fetch_sub(malloc_usable_size(p));
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
// The nothrow forms too (std::stable_sort's buffer), so that every block freed through these came
// from them: the other tests of this folder's program run with them (AddressSanitizer calls a block
// from its own operator new freed by free() a mismatch).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    void* p = std::malloc(n == 0 ? 1 : n);
    if (p != nullptr) g_live.fetch_add(malloc_usable_size(p));
    return p;
}
void operator delete(void* p, const std::nothrow_t&) noexcept { operator delete(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace referee::vassal {
namespace {

// The most memory allocated at once while `f` ran, over what was allocated before it.
template <typename F>
std::size_t peak_during(F&& f) {
    const std::size_t before = g_live.load();
    g_peak.store(before);
    f();
    return g_peak.load() - before;
}

constexpr std::size_t kPayload = 256u << 10;
constexpr std::size_t kDepth = 200;

// A payload of 256 kB at the bottom of `kDepth` commands, each with one small sibling: before the
// deep branch, or after it (then each level must keep what follows the branch while it walks it).
std::string deep_tree(bool sibling_first) {
    std::string s(kPayload, 'x');
    for (std::size_t i = 0; i < kDepth; ++i)
        s = sibling_first ? fuzz::encode_sequence({"A", s}, command_separator) : fuzz::encode_sequence({s, "A"}, command_separator);
    return s;
}

TEST(ForEachLeafMemory, DeepTreeIsWalkedInMemoryInProportionToTheText) {
    for (const bool sibling_first : {true, false}) {
        SCOPED_TRACE(sibling_first ? "sibling first" : "sibling last");
        const std::string text = deep_tree(sibling_first);
        std::size_t leaves = 0, longest = 0;
        const std::size_t peak = peak_during([&] {
            for_each_leaf(text, [&](std::string_view leaf) {
                ++leaves;
                longest = std::max(longest, leaf.size());
            });
        });
        EXPECT_EQ(leaves, kDepth + 1);
        EXPECT_EQ(longest, kPayload);
        // A copy of the deep branch a level would be about 50 MB in all. The bound is a few copies of
        // the text: a level's copy of its branch is made while the level above still holds its own,
        // and a string built by appending may hold up to twice its length.
        EXPECT_LT(peak, 8 * text.size()) << "for_each_leaf held " << peak << " bytes for a text of " << text.size();
    }
}

}  // namespace
}  // namespace referee::vassal
