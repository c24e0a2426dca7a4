// referee_gen_pgn BYTES [SEED]: random legal chess games in PGN on standard output, written until at
// least BYTES bytes are out (a game is never cut), and on standard error how many games, moves and
// bytes. The games are the reference input of bench/versus, where pgn-extract checks them while
// referee checks a move log of the same size (docs/performance.md, "Side by side").
//
// A 0x88 board (a square is rank * 16 + file; a square s is off the board when s & 0x88): the
// pseudo-legal moves of the side to move, kept when they do not leave its own king attacked, then
// one of them at random (splitmix64 seeded by SEED, so the same SEED gives the same games). Each move
// is written in SAN: the piece letter, the origin's file, rank or both when another piece of the same
// kind could go to the same square, `x` for captures (en passant included), `=Q` for promotions
// (always to a queen), O-O and O-O-O, and `+` or `#` when the move checks or mates. A game ends at
// checkmate (1-0 or 0-1), at stalemate (1/2-1/2) or after 200 plies (*).
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

// A square holds 0, or a piece's kind for a white piece and its negation for a black one.
enum Kind : int { Pawn = 1, Knight, Bishop, Rook, Queen, King };
constexpr int max_plies = 200;

constexpr std::array<int, 8> knight_steps{33, 31, 18, 14, -33, -31, -18, -14};
constexpr std::array<int, 8> king_steps{1, -1, 16, -16, 17, 15, -17, -15};
constexpr std::array<int, 4> diagonals{17, 15, -17, -15};
constexpr std::array<int, 4> lines{1, -1, 16, -16};
// The rooks' corners and the castling right each holds: a1 O-O-O, h1 O-O, a8 and h8 black's.
constexpr std::array<std::pair<int, int>, 4> rook_corners{{{0x00, 2}, {0x07, 1}, {0x70, 8}, {0x77, 4}}};

constexpr bool on_board(int s) { return (s & 0x88) == 0; }
constexpr int file_of(int s) { return s & 7; }
constexpr int rank_of(int s) { return s >> 4; }

// splitmix64: the same sequence everywhere.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

struct Move {
    int from = 0, to = 0;
    bool capture = false, en_passant = false, castle = false, promotion = false;
};

struct Position {
    std::array<int, 128> board{};
    int side = 1;                 // 1: white to move, -1: black
    int castling = 15;            // 1 white O-O, 2 white O-O-O, 4 black O-O, 8 black O-O-O
    int ep = -1;                  // the square a pawn just passed over, or -1
    std::array<int, 2> king{0x04, 0x74};  // white's, black's

    static Position start() {
        Position p;
        constexpr std::array<int, 8> back{Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
        for (int f = 0; f < 8; ++f) {
            p.board[f] = back[f];
            p.board[0x10 + f] = Pawn;
            p.board[0x60 + f] = -Pawn;
            p.board[0x70 + f] = -back[f];
        }
        return p;
    }
    int at(int s) const { return board[static_cast<std::size_t>(s)]; }
    int& at(int s) { return board[static_cast<std::size_t>(s)]; }
    int king_of(int colour) const { return king[colour > 0 ? 0 : 1]; }

    // Whether a piece of `by` (1 or -1) attacks square s.
    bool attacked(int s, int by) const {
        for (int d : {15, 17}) {
            const int t = s - by * d;
            if (on_board(t) && at(t) == by * Pawn) return true;
        }
        for (int d : knight_steps)
            if (on_board(s + d) && at(s + d) == by * Knight) return true;
        for (int d : king_steps)
            if (on_board(s + d) && at(s + d) == by * King) return true;
        auto ray = [&](int d, int kind) {
            int t = s + d;
            while (on_board(t) && at(t) == 0) t += d;
            return on_board(t) && (at(t) == by * kind || at(t) == by * Queen);
        };
        for (int d : diagonals)
            if (ray(d, Bishop)) return true;
        for (int d : lines)
            if (ray(d, Rook)) return true;
        return false;
    }
    bool in_check() const { return attacked(king_of(side), -side); }

    Position after(const Move& m) const {
        Position q = *this;
        const int piece = at(m.from);
        q.at(m.to) = m.promotion ? side * Queen : piece;
        q.at(m.from) = 0;
        if (m.en_passant) q.at(m.to - 16 * side) = 0;
        if (m.castle) {
            const bool short_side = m.to > m.from;
            const int rook_from = short_side ? m.from + 3 : m.from - 4, rook_to = short_side ? m.from + 1 : m.from - 1;
            q.at(rook_to) = q.at(rook_from);
            q.at(rook_from) = 0;
        }
        if (piece == side * King) {
            q.king[side > 0 ? 0 : 1] = m.to;
            q.castling &= side > 0 ? ~3 : ~12;
        }
        // A move from or to a rook's corner ends that side's right.
        for (const auto& [corner, right] : rook_corners)
            if (m.from == corner || m.to == corner) q.castling &= ~right;
        q.ep = (piece == side * Pawn && (m.to - m.from == 32 || m.from - m.to == 32)) ? (m.from + m.to) / 2 : -1;
        q.side = -side;
        return q;
    }

    void pseudo_legal(std::vector<Move>& out) const {
        auto add = [&](int from, int to) { out.push_back(Move{from, to, at(to) != 0, false, false, false}); };
        for (int s = 0; s < 128; ++s) {
            if (!on_board(s) || at(s) * side <= 0) continue;
            const int kind = at(s) * side;
            if (kind == Pawn) {
                const int ahead = s + 16 * side, last = side > 0 ? 7 : 0;
                if (at(ahead) == 0) {  // a pawn is never on its last rank, so `ahead` is on the board
                    out.push_back(Move{s, ahead, false, false, false, rank_of(ahead) == last});
                    if (rank_of(s) == (side > 0 ? 1 : 6) && at(ahead + 16 * side) == 0) add(s, ahead + 16 * side);
                }
                for (int t : {ahead - 1, ahead + 1}) {
                    if (!on_board(t)) continue;
                    if (at(t) * side < 0) out.push_back(Move{s, t, true, false, false, rank_of(t) == last});
                    else if (t == ep) out.push_back(Move{s, t, true, true, false, false});
                }
            } else if (kind == Knight || kind == King) {
                for (int d : kind == Knight ? knight_steps : king_steps)
                    if (on_board(s + d) && at(s + d) * side <= 0) add(s, s + d);
            } else {
                auto slide = [&](int d) {
                    for (int t = s + d; on_board(t) && at(t) * side <= 0; t += d) {
                        add(s, t);
                        if (at(t) != 0) break;
                    }
                };
                if (kind != Rook)
                    for (int d : diagonals) slide(d);
                if (kind != Bishop)
                    for (int d : lines) slide(d);
            }
        }
        // Castling: the right (so king and rook are at home), the squares between them empty, and
        // the king not in check nor passing through or arriving on an attacked square.
        const int home = side > 0 ? 0x04 : 0x74, short_right = side > 0 ? 1 : 4, long_right = side > 0 ? 2 : 8;
        if ((castling & short_right) && at(home + 1) == 0 && at(home + 2) == 0 && !attacked(home, -side) &&
            !attacked(home + 1, -side) && !attacked(home + 2, -side))
            out.push_back(Move{home, home + 2, false, false, true, false});
        if ((castling & long_right) && at(home - 1) == 0 && at(home - 2) == 0 && at(home - 3) == 0 &&
            !attacked(home, -side) && !attacked(home - 1, -side) && !attacked(home - 2, -side))
            out.push_back(Move{home, home - 2, false, false, true, false});
    }

    // The legal moves: the pseudo-legal ones that leave the mover's own king unattacked.
    void legal(std::vector<Move>& out) const {
        out.clear();
        pseudo_legal(out);
        std::erase_if(out, [&](const Move& m) {
            const Position q = after(m);
            return q.attacked(q.king_of(side), q.side);
        });
    }
};

void square(std::string& s, int sq) {
    s += static_cast<char>('a' + file_of(sq));
    s += static_cast<char>('1' + rank_of(sq));
}

// The SAN of m, a move of p among its legal moves; `check` and `mate` describe the position after it.
std::string san(const Position& p, const Move& m, const std::vector<Move>& legal, bool check, bool mate) {
    std::string s;
    const int kind = p.at(m.from) * p.side;
    if (m.castle) {
        s = m.to > m.from ? "O-O" : "O-O-O";
    } else if (kind == Pawn) {
        if (m.capture) {
            s += static_cast<char>('a' + file_of(m.from));
            s += 'x';
        }
        square(s, m.to);
        if (m.promotion) s += "=Q";
    } else {
        s += "NBRQK"[kind - Knight];
        // Another piece of the same kind that could go there: name the origin's file if that tells
        // them apart, else its rank, else both.
        bool other = false, same_file = false, same_rank = false;
        for (const Move& o : legal) {
            if (o.to != m.to || o.from == m.from || p.at(o.from) != p.at(m.from)) continue;
            other = true;
            same_file = same_file || file_of(o.from) == file_of(m.from);
            same_rank = same_rank || rank_of(o.from) == rank_of(m.from);
        }
        if (other && (!same_file || same_rank)) s += static_cast<char>('a' + file_of(m.from));
        if (other && same_file) s += static_cast<char>('1' + rank_of(m.from));
        if (m.capture) s += 'x';
        square(s, m.to);
    }
    if (check) s += mate ? '#' : '+';
    return s;
}

// Movetext wrapped before column 80.
struct Wrapped {
    std::string text, line;
    void word(std::string_view w) {
        if (!line.empty() && line.size() + 1 + w.size() > 79) {
            text += line;
            text += '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += w;
    }
    std::string finish() {
        text += line;
        text += '\n';
        return std::move(text);
    }
};

struct Totals {
    std::uint64_t games = 0, plies = 0, bytes = 0, mates = 0, stalemates = 0;
};

// One random game, headers and movetext, ending with a blank line.
std::string game(Rng& rng, Totals& totals) {
    Position p = Position::start();
    std::vector<Move> moves, next;
    p.legal(moves);
    Wrapped w;
    const char* result = "*";
    for (int ply = 0;; ++ply) {
        if (moves.empty()) {
            if (p.in_check()) {
                result = p.side > 0 ? "0-1" : "1-0";
                ++totals.mates;
            } else {
                result = "1/2-1/2";
                ++totals.stalemates;
            }
            break;
        }
        if (ply == max_plies) break;
        const Move m = moves[static_cast<std::size_t>(rng.next() % moves.size())];
        const Position q = p.after(m);
        q.legal(next);
        const bool check = q.in_check();
        if (p.side > 0) w.word(std::to_string(ply / 2 + 1) + ".");
        w.word(san(p, m, moves, check, check && next.empty()));
        p = q;
        std::swap(moves, next);
        ++totals.plies;
    }
    w.word(result);
    ++totals.games;
    std::string g = "[Event \"Random legal games\"]\n[Site \"referee_gen_pgn\"]\n[Date \"????.??.??\"]\n[Round \"" +
                    std::to_string(totals.games) + "\"]\n[White \"Random\"]\n[Black \"Random\"]\n[Result \"" + result +
                    "\"]\n\n" + w.finish() + "\n";
    totals.bytes += g.size();
    return g;
}

bool number(const char* text, std::uint64_t& out) {
    char* end = nullptr;
    if (*text < '0' || *text > '9') return false;
    out = std::strtoull(text, &end, 10);
    return *end == '\0';
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t bytes = 0, seed = 1;
    if (argc < 2 || argc > 3 || !number(argv[1], bytes) || (argc == 3 && !number(argv[2], seed))) {
        std::fprintf(stderr, "usage: referee_gen_pgn BYTES [SEED]\n");
        return 2;
    }
    Rng rng{seed};
    Totals totals;
    std::string out;
    while (totals.bytes < bytes) {
        out += game(rng, totals);
        if (out.size() >= (1u << 20) || totals.bytes >= bytes) {
            if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) {
                std::fprintf(stderr, "referee_gen_pgn: cannot write: %s\n", std::strerror(errno));
                return 2;
            }
            out.clear();
        }
    }
    if (std::fflush(stdout) != 0) {
        std::fprintf(stderr, "referee_gen_pgn: cannot write: %s\n", std::strerror(errno));
        return 2;
    }
    std::fprintf(stderr, "%llu games, %llu moves, %llu bytes (%llu checkmates, %llu stalemates, the rest stopped at %d plies)\n",
                 static_cast<unsigned long long>(totals.games), static_cast<unsigned long long>(totals.plies),
                 static_cast<unsigned long long>(totals.bytes), static_cast<unsigned long long>(totals.mates),
                 static_cast<unsigned long long>(totals.stalemates), max_plies);
    return 0;
}
