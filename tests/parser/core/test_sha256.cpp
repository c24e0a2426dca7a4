// SHA-256 (parser/core/sha256.hpp): the known answers of FIPS 180-2, as 64 lowercase hex digits.
#include "sha256.hpp"

#include <gtest/gtest.h>

#include <string>

using referee::sha256_hex;

TEST(Sha256, KnownAnswers) {
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, BytesThatAreNotText) {
    // NUL bytes and bytes above 0x7F are hashed as they are (the hash of a file's bytes; the
    // expected digest is Python's hashlib.sha256(b"a\x00b\xff")).
    EXPECT_EQ(sha256_hex(std::string("a\0b\xff", 4)), "a37cc3026aae4d519e0b19c298fa913b4dccfdf0658cbccbb7deaa0226d5acdb");
}

TEST(Sha256, InPiecesAsWhole) {
    // The same bytes in pieces of every size, including empty ones and pieces across Nettle's
    // 64-byte blocks, give the hash of the whole; after hex() the object starts again.
    std::string all;
    for (int i = 0; i < 300; ++i) all += static_cast<char>('a' + i % 26);
    for (std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{299}}) {
        referee::Sha256 h;
        h.update("");
        for (std::size_t at = 0; at < all.size(); at += piece) h.update(std::string_view(all).substr(at, piece));
        EXPECT_EQ(h.hex(), sha256_hex(all)) << piece;
        h.update("abc");
        EXPECT_EQ(h.hex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
