// {fmt}'s compiled part, built into referee_core instead of linked from Debian's libfmt.so.
//
// Debian ships {fmt} as a shared library and its headers, with no static archive. Loading the
// shared library costs every start of referee: it pulls in libstdc++.so and libgcc_s.so, whose
// symbols the dynamic loader then resolves one by one (about half a millisecond of a small game's
// check: docs/performance.md, "Issue 19"). Including format-inl.h once compiles the library's
// non-template functions here (FMT_HEADER_ONLY stays undefined, so every other source sees only
// their declarations, as with the shared library); the templates the shared library exports
// instantiated for char are instantiated below, the ones referee's sources call.
#include <fmt/format-inl.h>

namespace fmt {
inline namespace v9 {
namespace detail {
template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template auto decimal_point_impl(locale_ref) -> char;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
}  // namespace detail
}  // namespace v9
}  // namespace fmt
