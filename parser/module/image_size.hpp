// The width and height of a board image, read from the first bytes of its file, without an image
// library: PNG (the IHDR chunk), GIF (the logical screen), JPEG (the first start-of-frame marker,
// found by walking the segments) and SVG (the root element's width and height, else its viewBox:
// best effort). Every read is bounded by the bytes given: a cut or damaged header gives no size.
#pragma once

#include "geometry.hpp"

#include <cstddef>
#include <optional>
#include <string_view>

namespace referee::vassal {

// How many leading bytes of an image file are enough for image_size (a JPEG's start-of-frame can
// follow large EXIF or ICC segments; a bigger one gives no size).
constexpr std::size_t image_head_bytes = 64 * 1024;

std::optional<Size> image_size(std::string_view head);

// The formats one by one (image_size tries each).
std::optional<Size> png_size(std::string_view head);
std::optional<Size> gif_size(std::string_view head);
std::optional<Size> jpeg_size(std::string_view head);
std::optional<Size> svg_size(std::string_view head);

}  // namespace referee::vassal
