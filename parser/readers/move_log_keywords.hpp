// The keyword tables of the move log (move-log.md): the record keywords, read once a line by the
// driver, and the closed lists of words the grammar decodes (claim forms, setup modes, objective
// kinds, support levels, pieces), all matched case-insensitively.
#pragma once

#include "move_log_lexer.hpp"
#include "record.hpp"

#include <boost/spirit/home/x3.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

namespace referee::movelog {

namespace x3 = boost::spirit::x3;

namespace tables {

inline constexpr int kClaim = -1;  // "claim": the kind depends on the next word

// Record keywords: a Kind, or kClaim. Looked up once a line, so not with an x3::symbols TST
// (a chain of unpredictable branches a character) but with a small open-addressing table over
// the lower-cased word.
class RecordKeywords {
public:
    RecordKeywords() {
        const std::pair<const char*, int> words[] = {
            {"game", int(Kind::Game)},       {"tag", int(Kind::Tag)},           {"side", int(Kind::Side)},
            {"player", int(Kind::Player)},   {"param", int(Kind::Param)},       {"setup", int(Kind::Setup)},
            {"unit", int(Kind::Unit)},       {"hold", int(Kind::Hold)},         {"objective", int(Kind::Objective)},
            {"target", int(Kind::Target)},   {"turn", int(Kind::Turn)},         {"phase", int(Kind::Phase)},
            {"move", int(Kind::Move)},       {"enter", int(Kind::Enter)},       {"exit", int(Kind::Exit)},
            {"retreat", int(Kind::Retreat)}, {"advance", int(Kind::Advance)},   {"eliminate", int(Kind::Eliminate)},
            {"lose", int(Kind::Lose)},       {"combat", int(Kind::Combat)},     {"roll", int(Kind::Roll)},
            {"chat", int(Kind::Chat)},       {"support", int(Kind::Support)},   {"place", int(Kind::Place)},
            {"remove", int(Kind::Remove)},   {"casualty", int(Kind::Casualty)}, {"blockade", int(Kind::Blockade)},
            {"unblockade", int(Kind::Unblockade)}, {"card", int(Kind::Card)},   {"track", int(Kind::Track)},
            {"award", int(Kind::Award)},     {"concede", int(Kind::Concede)},   {"claim", kClaim},
            {"end", int(Kind::End)},         {"resume", int(Kind::Resume)},
        };
        for (const auto& [word, value] : words) {
            Entry e;
            e.len = static_cast<std::uint8_t>(std::char_traits<char>::length(word));
            std::memcpy(e.word, word, e.len);
            e.value = value;
            std::size_t i = slot(e.word, e.len);
            while (slots_[i].len != 0) i = (i + 1) % kSlots;
            slots_[i] = e;
        }
    }
    // The keyword [b, e) (any case), or false.
    bool find(Iterator b, Iterator e, int& value) const {
        const auto n = static_cast<std::size_t>(e - b);
        if (n == 0 || n > kLongest) return false;
        char lowered[kLongest + 1] = {};
        for (std::size_t k = 0; k < n; ++k) lowered[k] = lex::ascii_lower(b[k]);
        for (std::size_t i = slot(lowered, n);; i = (i + 1) % kSlots) {
            const Entry& s = slots_[i];
            if (s.len == 0) return false;
            if (s.len == n && std::memcmp(s.word, lowered, n) == 0) {
                value = s.value;
                return true;
            }
        }
    }

private:
    static constexpr std::size_t kLongest = 15;
    static constexpr std::size_t kSlots = 128;
    struct Entry {
        char word[kLongest + 1] = {};
        std::uint8_t len = 0;
        int value = 0;
    };
    static std::size_t slot(const char* w, std::size_t n) {
        // The first, second and last characters and the length tell the keywords apart well.
        const unsigned h = static_cast<unsigned char>(w[0]) * 31u + static_cast<unsigned char>(w[n > 1 ? 1 : 0]) * 7u +
                           static_cast<unsigned char>(w[n - 1]) * 3u + static_cast<unsigned>(n) * 17u;
        return h % kSlots;
    }
    Entry slots_[kSlots];
};
inline RecordKeywords const record_keywords;

inline constexpr const char* kRecordKeywordList =
    "a record keyword (game, tag, side, player, param, setup, unit, hold, objective, target, turn, phase, "
    "move, enter, exit, retreat, advance, eliminate, lose, combat, roll, chat, support, place, remove, "
    "casualty, blockade, unblockade, card, track, award, concede, claim, end, resume)";

inline x3::symbols<Kind> const claim_keywords{{
    {"winner", Kind::ClaimWinner}, {"draw", Kind::ClaimDraw}, {"score", Kind::ClaimScore},
}};

inline x3::symbols<bool> const setup_modes{{{"standard", false}, {"custom", true}}};

inline x3::symbols<ObjectiveKind> const objective_kinds{{
    {"temporary", ObjectiveKind::Temporary},
    {"start-turn-temporary", ObjectiveKind::StartTurnTemporary},
    {"temporary-group", ObjectiveKind::TemporaryGroup},
    {"start-turn-temporary-group", ObjectiveKind::StartTurnTemporaryGroup},
    {"majority", ObjectiveKind::Majority},
    {"permanent", ObjectiveKind::Permanent},
    {"start-turn-permanent", ObjectiveKind::StartTurnPermanent},
    {"last-to-occupy", ObjectiveKind::LastToOccupy},
}};

inline x3::symbols<SupportLevel> const support_levels{{
    {"active-support", ActiveSupport},
    {"passive-support", PassiveSupport},
    {"neutral", Neutral},
    {"passive-opposition", PassiveOpposition},
    {"active-opposition", ActiveOpposition},
}};

inline x3::symbols<Piece> const pieces{{
    {"regular", Piece::Regular}, {"tory", Piece::Tory},       {"continental", Piece::Continental},
    {"militia", Piece::Militia}, {"war-party", Piece::WarParty}, {"village", Piece::Village},
    {"fort", Piece::Fort},
}};

// Whole-word matchers over a token's text. The words are matched case-insensitively by
// lower-casing the token (ASCII) first: see match_lowered(). (x3::no_case would do the same, but
// through the C library's locale-dependent tolower, a function call per character.)
inline auto const claim_keyword_matcher = claim_keywords >> x3::eoi;
inline auto const setup_mode_matcher = setup_modes >> x3::eoi;
inline auto const objective_kind_matcher = objective_kinds >> x3::eoi;
inline auto const support_level_matcher = support_levels >> x3::eoi;
inline auto const piece_matcher = pieces >> x3::eoi;

// Matches [b, e) case-insensitively against a table of lower-case ASCII words.
template <typename Matcher, typename T>
bool match_lowered(Iterator b, Iterator e, Matcher const& matcher, T& value) {
    constexpr std::size_t kLongest = 32;  // longer than any keyword
    if (e - b > static_cast<std::ptrdiff_t>(kLongest)) return false;
    char buf[kLongest];
    std::size_t n = 0;
    for (; b != e; ++b) buf[n++] = lex::ascii_lower(*b);
    Iterator first = buf;
    return x3::parse(first, static_cast<Iterator>(buf + n), matcher, value);
}

}  // namespace tables
}  // namespace referee::movelog
