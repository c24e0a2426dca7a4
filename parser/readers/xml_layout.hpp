// Where a save's <log> is, found without parsing it: the part of the text the XML save reader may
// parse piece by piece instead of as one tree (xml_save.cpp; docs/xml-save.md, "How a long save is
// read").
//
// A light lexer walks the markup (tags with their quoted values, comments, processing instructions,
// CDATA sections) and counts depth, but checks nothing that pugixml checks (names, attributes,
// matching end tags): the pieces are parsed by pugixml all the same, and whatever it finds wrong
// there makes the reader start again on the whole text. The lexer only has to agree with pugixml
// on where elements begin and end in a text pugixml accepts; anything it does not expect (a
// DOCTYPE, a construct left open, an end tag too many, a second top-level element) and it gives up,
// and the save is read as one tree as before.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace referee::xml {

struct SaveLayout {
    // The content of the root's first <log> child: from just after its start tag's '>' to the '<'
    // of its end tag.
    std::size_t log_begin = 0, log_end = 0;
    // Where the content is cut into pieces: log_begin, the cuts, log_end, in increasing order; each
    // cut falls between two complete constructs of the log's own level (never inside a record),
    // the first one at least `piece_bytes` after the previous.
    std::vector<std::size_t> cuts;
};

// The layout of `text` (with no NUL byte: the reader refuses those before), or nothing when its
// <log> is missing, empty (`<log/>`), shorter than `min_log_bytes`, or the lexer gives up.
std::optional<SaveLayout> save_layout(std::string_view text, std::size_t min_log_bytes, std::size_t piece_bytes);

}  // namespace referee::xml
