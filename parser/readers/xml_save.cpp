// The XML save of xml-save.md, read with pugixml into the record model of record.hpp: the checks
// of the text and the parse, then the walk over the save that hands each record to a RecordSink as
// it is read (read_xml_save's two forms).
//
// Reading rules (see also the comments at each step, and xml_text.hpp, xml_reader.hpp):
// - The text is parsed as UTF-8 whatever its XML declaration says, so that pugixml's offsets are
//   offsets into `text` and every line/column we report is one of the input. pugixml checks neither
//   for NUL bytes nor for invalid UTF-8: both are checked first, and are "syntax" errors.
// - An attribute value of more than kMaxRecordBytes is a "syntax" error (record.hpp).
// - pugixml is asked not to expand entity references; known attributes are decoded here. The five
//   predefined entities and character references are decoded; any other `&name;` (for example one
//   declared in a DOCTYPE, which is never read) and a bare `&` are "syntax" errors. DOCTYPE content is
//   skipped by pugixml and never followed, so entity-expansion attacks expand nothing.
// - The walk is flat: root children, <log> children, <snapshot> children. Unknown elements are
//   reported and never descended into, so nesting depth costs no C++ stack.
// - Records come in the order of GameRecord::records: the game record (the root), the header
//   elements in document order (those after the <log> too), then the <log>'s records. So the root's
//   children are walked twice: first all but the <log>'s children and the <snapshot> (the header
//   records go to the sink), then the <log>'s children and the <snapshot>, in document order. The
//   diagnostics of the second walk are moved to where the first walk passed their element, so that
//   they stand in document order as if one walk had made them.
// - Positions: a record's line/column is that of the element's '<'. Columns count characters
//   (UTF-8 code points); a UTF-8 byte-order mark is not counted.
// - A long <log> may be read in pieces (SaveStreaming, readers.hpp): the text less the log's content
//   is parsed as the tree the walks go over, and the log's content, cut between records
//   (xml_layout.hpp), is parsed one piece at a time into a second, small tree when the second walk
//   reaches the log. The records, their diagnostics and their positions are those of the whole
//   tree. A piece pugixml finds malformed ends the read (false): records were handed over already,
//   and the caller reads the save again as one tree, which reports the error as it always has.
#include "diagnostics.hpp"
#include "readers.hpp"
#include "record_views.hpp"
#include "xml_layout.hpp"
#include "xml_reader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {
namespace {

using namespace xml;

// The part of the root that the second walk reads: the first <log> (its children) or the first
// <snapshot>, and the number of diagnostics when the first walk passed it (where its own go).
struct Later {
    pugi::xml_node node;
    std::size_t diagnostics = 0;
};

class SaveReader {
public:
    SaveReader(std::string_view text, GameRecord& g, RecordSink& sink, const SaveStreaming* streaming)
        : text_(text), scan_(scan_text(text)), streaming_(streaming), g_(g), sink_(sink), keep_(sink.keep_lists()),
          rd_(g, text, std::min(scan_.non_ascii, text.size()), buf_) {}

    // False when a piece of the log was malformed (see above): the read is to be made again whole.
    bool read() {
        g_.format = InputFormat::XmlSave;
        g_.has_log = false;
        g_.has_snapshot = false;
        g_.snapshot.reset();
        pugi::xml_document doc;
        std::optional<Record> game;
        const std::size_t kept = g_.diagnostics.size(), errors = g_.errors_not_kept, warnings = g_.warnings_not_kept;
        pugi::xml_node root = open(doc, game);
        if (!root && layout_) {
            // Without its log's content the save is no good save: whatever is wrong, the whole
            // text says it, as the whole tree would (an error in the log comes before one in the
            // root's attributes). Nothing was handed over yet.
            g_.diagnostics.resize(kept);
            g_.errors_not_kept = errors;
            g_.warnings_not_kept = warnings;
            layout_.reset();
            streaming_ = nullptr;
            game.reset();
            root = open(doc, game);
        }
        if (root) find_log_and_snapshot(root);
        sink_.begin(g_);
        if (root) {
            if (game) hand_over(*game);
            first_walk(root);
            if (!second_walk()) return false;
        }
        g_.last_line = rd_.index().line_count();  // last: the positions asked for have counted most lines
        sink_.end(g_);
        return true;
    }

private:
    // The checks of the text, the parse and the root element, whose attributes give the game record
    // (none when they are bad). Returns the root, or a null node (with a "syntax" error) when there
    // is nothing to read.
    // XML allows only white space, comments and processing instructions around the root element: the
    // first thing outside it but those (text, another element) is a "syntax" error at its place, and
    // a document with no element is one too. False when there is such an error.
    bool outside_the_root(const pugi::xml_document& doc) {
        const pugi::xml_node root = doc.document_element();
        if (!root) {
            rd_.diag(Code::Syntax, rd_.index().at(text_.size()), "malformed XML: No document element found");
            return false;
        }
        const pugi::xml_node n = misplaced(doc);
        if (!n) return true;
        if (n.type() == pugi::node_element) {
            rd_.diag(Code::Syntax, rd_.pos_of(rd_.elem(n)), "malformed XML: an element <" + shortened(n.name()) + "> after the root element");
            return false;
        }
        std::size_t off = buf_.holds(n.value()) ? buf_.offset(n.value()) : text_.size();
        while (off < text_.size() && (text_[off] == ' ' || text_[off] == '\t' || text_[off] == '\r' || text_[off] == '\n')) ++off;
        const bool before = buf_.holds(root.name()) && off < buf_.offset(root.name());
        rd_.diag(Code::Syntax, rd_.index().at(off),
                 std::string("malformed XML: text ") + (before ? "before" : "after") + " the root element (only white space, comments and "
                                                                                      "processing instructions may be there)");
        return false;
    }
    // The first node beside the root element that may not be there (an element, text), or a null
    // node when there is none.
    static pugi::xml_node misplaced(const pugi::xml_document& doc) {
        const pugi::xml_node root = doc.document_element();
        for (pugi::xml_node n = doc.first_child(); n; n = n.next_sibling())
            if (n != root && (n.type() == pugi::node_element || n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata)) return n;
        return {};
    }

    pugi::xml_node open(pugi::xml_document& doc, std::optional<Record>& game) {
        // pugixml stops at a NUL byte; XML allows none.
        if (scan_.nul != std::string_view::npos) {
            rd_.diag(Code::Syntax, rd_.index().at(scan_.nul),
                     "malformed XML: a NUL byte (the input is not UTF-8 XML text)");
            return {};
        }
        // Nor does it check the encoding: a save is UTF-8 (xml-save.md), as a move log is.
        if (scan_.non_ascii != std::string_view::npos) {
            if (const std::size_t bad = first_bad_utf8(text_, scan_.non_ascii); bad != std::string_view::npos) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned>(static_cast<unsigned char>(text_[bad])));
                rd_.diag(Code::Syntax, rd_.index().at(bad), std::string("malformed XML: invalid UTF-8: byte 0x") + hex);
                return {};
            }
        }

        // No parse_escapes (references are decoded per attribute, xml_text.hpp), no DOCTYPE,
        // comment, PI or declaration nodes; attribute white space normalized as XML says. Parsed in
        // place in our copy of the text, which is what load_buffer would parse in a copy of its own.
        // As a fragment, so that text outside the root element is kept (pugixml would drop it) and
        // said below to be malformed, as an element after the root is.
        // A long log's content is left out of the copy, to be read piece by piece; should the rest
        // not be a good save, the whole text is parsed, so that what is reported is what the whole
        // tree says.
        if (streaming_) layout_ = save_layout(text_, streaming_->min_log_bytes, streaming_->piece_bytes);
        if (layout_) {
            buf_.assign(text_, 0, text_.size(), layout_->log_begin, layout_->log_end);
            const pugi::xml_parse_result res = doc.load_buffer_inplace(buf_.data(), buf_.size(), kParseOptions, pugi::encoding_utf8);
            if (!res || !doc.document_element() || misplaced(doc)) layout_.reset();
        }
        if (!layout_) {
            buf_.assign(text_, 0, text_.size());
            const pugi::xml_parse_result res = doc.load_buffer_inplace(buf_.data(), buf_.size(), kParseOptions, pugi::encoding_utf8);
            if (!res) {
                const std::size_t off = res.offset > 0 ? static_cast<std::size_t>(res.offset) : 0;
                rd_.diag(Code::Syntax, rd_.index().at(off), std::string("malformed XML: ") + res.description());
                return {};
            }
            if (!outside_the_root(doc)) return {};
        }

        // Room for the lists from the text's size, so that they are not copied as they grow, when
        // they are kept; capacity never used is memory never touched.
        if (keep_) g_.syms_arena.reserve(text_.size() / 16);

        const Reader::Elem root = rd_.elem(doc.document_element());
        if (!(root.key == kRootDef.key)) {
            rd_.diag(Code::Syntax, rd_.pos_of(root),
                     "expected the root element <referee-save>, found <" + shortened(root.name) + ">");
            return {};
        }

        // The root: format="1" scenario="...".
        rd_.begin(root, kRootDef);
        std::int64_t format = 0;
        if (rd_.has(0) && rd_.parse_int(0, rd_.raw(0), format) && format != 1)
            rd_.error("format " + quoted(rd_.raw(0)) + " is not supported (expected format=\"1\")");
        if (!rd_.has(0)) rd_.error("missing attribute 'format' (expected format=\"1\")");
        if (rd_.failed()) return {};
        Record r = rd_.start_record(Kind::Game);
        rec::game(r).scenario() = rd_.name(1, "a scenario id or path");
        if (!rd_.failed()) game = r;
        return root.node;
    }

    // The first <log> and <snapshot> among the root's children (g.has_log, g.has_snapshot), before
    // any record is handed over.
    void find_log_and_snapshot(const pugi::xml_node& root) {
        rd_.for_each_element(root.first_child(), [&](const Reader::Elem& c) {
            if (c.key == kLogDef.key && !log_.node) log_.node = c.node;
            else if (c.key == kSnapshotDef.key && !snapshot_.node) snapshot_.node = c.node;
        });
        g_.has_log = static_cast<bool>(log_.node);
        g_.has_snapshot = static_cast<bool>(snapshot_.node);
    }

    // The root's children in document order but for what the second walk reads: header records go
    // to the sink, the rest is reported.
    void first_walk(const pugi::xml_node& root) {
        rd_.for_each_element(root.first_child(), [&](const Reader::Elem& c) {  // text and CDATA are not part of the format
            if (c.key == kLogDef.key) {
                rd_.begin(c, kLogDef);
                if (c.node != log_.node) {
                    rd_.error("a second <log> element (a save holds at most one)");
                } else {
                    log_.diagnostics = g_.diagnostics.size();
                    later_[later_count_++] = &log_;
                }
            } else if (c.key == kSnapshotDef.key) {
                if (c.node == snapshot_.node) {
                    snapshot_.diagnostics = g_.diagnostics.size();
                    later_[later_count_++] = &snapshot_;
                } else {
                    rd_.begin(c, kSnapshotDef);
                    rd_.error("a second <snapshot> element (a save holds at most one)");
                }
            } else if (const ElemDef* def = find_record_elem(c.key); def && (def->where & kInHeader)) {
                read_record(c, *def);
            } else if (def) {
                rd_.warn_unknown_element(c, "referee-save", "a log record outside <log>, ignored");
            } else {
                rd_.warn_unknown_element(c, "referee-save");
            }
        });
    }

    // The <log>'s records to the sink and the <snapshot> into g.snapshot, in document order, each
    // one's diagnostics then moved to where the first walk passed it.
    bool second_walk() {
        std::size_t moved = 0;  // diagnostics moved before those of the first walk
        for (std::size_t i = 0; i < later_count_; ++i) {
            const Later* part = later_[i];
            const std::size_t from = g_.diagnostics.size();
            if (part == &log_) {
                if (layout_) {
                    if (!read_log_pieces()) return false;
                } else {
                    read_log(log_.node.first_child());
                }
            } else {
                rd_.snapshot(rd_.elem(snapshot_.node));
            }
            const auto first = g_.diagnostics.begin();
            std::rotate(first + static_cast<std::ptrdiff_t>(part->diagnostics + moved),
                        first + static_cast<std::ptrdiff_t>(from), g_.diagnostics.end());
            moved += g_.diagnostics.size() - from;
        }
        return true;
    }

    // The log's records from `first` and its next siblings: the log's children in the whole tree,
    // or a piece's.
    void read_log(pugi::xml_node first) {
        rd_.for_each_element(first, [&](const Reader::Elem& e) {
            const ElemDef* def = find_record_elem(e.key);
            if (!def) {
                rd_.warn_unknown_element(e, "log");
                return;
            }
            read_record(e, *def);
        });
    }
    // The log's content, one piece at a time, each parsed as a fragment into a tree of its own;
    // false at the first piece pugixml finds malformed.
    bool read_log_pieces() {
        ParseBuffer piece;
        pugi::xml_document doc;
        const std::vector<std::size_t>& cuts = layout_->cuts;
        for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
            piece.assign(text_, cuts[i], cuts[i + 1]);
            if (!doc.load_buffer_inplace(piece.data(), piece.size(), kParseOptions, pugi::encoding_utf8)) return false;
            rd_.use(piece);
            read_log(doc.first_child());
            rd_.use(buf_);
        }
        return true;
    }

    // A record element read and, when good, handed to the sink.
    void read_record(const Reader::Elem& e, const ElemDef& def) {
        Record r;
        if (rd_.record(e, def, r)) hand_over(r);
        else drop_lists();  // what the bad record left in the arenas
    }
    void hand_over(const Record& r) {
        sink_.record(r, g_);
        drop_lists();
    }
    // Unless the sink keeps the records, their lists are dropped once handed over: the arenas hold
    // one record's at a time.
    void drop_lists() {
        if (keep_) return;
        g_.syms_arena.clear();
        g_.ints_arena.clear();
    }

    static constexpr unsigned kParseOptions = pugi::parse_wconv_attribute | pugi::parse_eol | pugi::parse_fragment;

    std::string_view text_;
    TextScan scan_;
    const SaveStreaming* streaming_;     // null: the save is read as one tree
    std::optional<SaveLayout> layout_;   // set when the log's content is read in pieces
    ParseBuffer buf_;
    GameRecord& g_;
    RecordSink& sink_;
    bool keep_;
    Reader rd_;
    Later log_, snapshot_;
    Later* later_[2] = {};  // log_ and snapshot_ as the first walk passed them
    std::size_t later_count_ = 0;
};

}  // namespace

void read_xml_save(std::string_view text, GameRecord& g, RecordSink& sink) {
    SaveReader(text, g, sink, nullptr).read();
}

bool read_xml_save(std::string_view text, GameRecord& g, RecordSink& sink, const SaveStreaming& streaming) {
    return SaveReader(text, g, sink, &streaming).read();
}

GameRecord read_xml_save(std::string_view text, std::string file) {
    GameRecord g;
    g.file = std::move(file);
    // Room for the records from the text's size, so that they are not copied as they grow: saves
    // take 55-70 bytes a record; a denser one grows as usual, and capacity never used is memory
    // never touched.
    g.records.reserve(text.size() / 48);
    RecordCollector collect(g);
    read_xml_save(text, g, collect);
    return g;
}

}  // namespace referee
