// Image sizes from header bytes built here: PNG, GIF, JPEG (segments walked to the frame), SVG.
#include "image_size.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee::vassal;

namespace {

std::string be32(unsigned v) { return {char(v >> 24), char((v >> 16) & 0xFF), char((v >> 8) & 0xFF), char(v & 0xFF)}; }
std::string be16(unsigned v) { return {char((v >> 8) & 0xFF), char(v & 0xFF)}; }
std::string le16(unsigned v) { return {char(v & 0xFF), char((v >> 8) & 0xFF)}; }

std::string png(unsigned w, unsigned h) {
    return std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + "IHDR" + be32(w) + be32(h) + std::string("\x08\x06\x00\x00\x00", 5);
}

// A JPEG: SOI, an APP0 segment of `app_bytes` payload, a DQT, then a start-of-frame `sof`.
std::string jpeg(unsigned w, unsigned h, unsigned char sof = 0xC0, std::size_t app_bytes = 14) {
    std::string s("\xFF\xD8", 2);
    s += std::string("\xFF\xE0", 2) + be16(static_cast<unsigned>(app_bytes + 2)) + std::string(app_bytes, 'j');
    s += std::string("\xFF\xDB", 2) + be16(67) + std::string(65, '\x01');
    s += std::string("\xFF", 1) + char(sof) + be16(17) + std::string("\x08", 1) + be16(h) + be16(w) + std::string(12, '\x00');
    s += std::string("\xFF\xDA", 2) + be16(8) + std::string(6, '\x00');
    return s;
}

}  // namespace

TEST(ImageSize, Png) {
    EXPECT_EQ(image_size(png(5340, 5024)), (Size{5340, 5024}));
    EXPECT_EQ(png_size(png(1, 2)), (Size{1, 2}));
    EXPECT_FALSE(image_size(png(5340, 5024).substr(0, 23)));   // cut inside the height
    std::string bad = png(10, 10);
    bad[13] = 'X';   // not IHDR
    EXPECT_FALSE(png_size(bad));
    EXPECT_FALSE(png_size(png(0, 10)));
}

TEST(ImageSize, Gif) {
    EXPECT_EQ(image_size("GIF89a" + le16(2256) + le16(1409) + std::string(4, '\0')), (Size{2256, 1409}));
    EXPECT_EQ(image_size("GIF87a" + le16(300) + le16(2)), (Size{300, 2}));
    EXPECT_FALSE(image_size("GIF89a" + le16(300)));
    EXPECT_FALSE(image_size("GIF90a" + le16(300) + le16(2)));
}

TEST(ImageSize, JpegWalksSegmentsToTheFrame) {
    EXPECT_EQ(image_size(jpeg(3300, 2457)), (Size{3300, 2457}));
    EXPECT_EQ(image_size(jpeg(640, 480, 0xC2)), (Size{640, 480}));                    // progressive
    EXPECT_EQ(image_size(jpeg(640, 480, 0xC0, 20000)), (Size{640, 480}));             // a large APP segment first
    // DHT (C4) lies in the SOF range but holds no size: it is skipped like any other segment.
    std::string dht("\xFF\xD8\xFF\xC4", 4);
    dht += be16(6) + std::string(4, '\x01') + jpeg(10, 20).substr(2);
    EXPECT_EQ(jpeg_size(dht), (Size{10, 20}));
    // Fill bytes before a marker are allowed.
    std::string fill("\xFF\xD8\xFF\xFF\xFF", 5);
    fill += jpeg(7, 9).substr(3);
    EXPECT_EQ(jpeg_size(fill), (Size{7, 9}));
}

TEST(ImageSize, JpegNeverReadsPastTheBuffer) {
    const std::string whole = jpeg(3300, 2457);
    // The frame's marker (2 bytes), length (2), precision (1), height (2), width (2): cut anywhere
    // before its width ends, there is no size; from there on, there is.
    const std::size_t size_end = whole.find(std::string("\xFF\xC0", 2)) + 9;
    for (std::size_t n = 0; n < size_end; ++n) EXPECT_FALSE(jpeg_size(whole.substr(0, n))) << n;
    for (std::size_t n = size_end; n <= whole.size(); ++n) EXPECT_EQ(jpeg_size(whole.substr(0, n)), (Size{3300, 2457})) << n;
    // A segment length that runs past the end, and the scan before any frame.
    EXPECT_FALSE(jpeg_size(std::string("\xFF\xD8\xFF\xE0\xFF\xFF", 6)));
    EXPECT_FALSE(jpeg_size(std::string("\xFF\xD8\xFF\xDA\x00\x08", 6) + std::string(6, '\0')));
    EXPECT_FALSE(jpeg_size(std::string("\xFF\xD8\xFF\xE0\x00\x01", 6)));   // a length below 2
    EXPECT_FALSE(jpeg_size(std::string("\xFF\xD8\x00", 3)));               // not a marker
}

TEST(ImageSize, Svg) {
    EXPECT_EQ(image_size("<?xml version=\"1.0\"?>\n<!-- a map -->\n<!DOCTYPE svg>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                         "width=\"1200\" height=\"800.5\"><rect/></svg>"),
              (Size{1200, 801}));
    EXPECT_EQ(image_size("<svg width='30px' height='40px'/>"), (Size{30, 40}));
    EXPECT_EQ(image_size("<svg:svg viewBox=\"0 0 640 480\"/>"), (Size{640, 480}));
    EXPECT_EQ(image_size("<svg width=\"100%\" height=\"100%\" viewBox=\"0,0,50,60\">"), (Size{50, 60}));
    EXPECT_FALSE(image_size("<svg width=\"10cm\" height=\"5cm\">"));
    EXPECT_FALSE(image_size("<html width=\"10\" height=\"5\">"));
    EXPECT_FALSE(image_size("<svg width=\"10\" height=\"5\""));   // the start tag is cut
    EXPECT_FALSE(image_size(""));
    EXPECT_FALSE(image_size("not an image"));
}
