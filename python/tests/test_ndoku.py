"""ndoku from Python: solve, count, rate, hints, generation, errors, budgets and batches, every answer checked."""

import json

import pytest

import ndoku
from conftest import classic_solution_ok, lines

EMPTY_9 = "." * 81
# Sudoku Explainer rates this one 3.2 (x-wing); the library's docs use it.
XWING = "700306001008000900320000074000060000050020040000908000246000397903000802000000000"


def test_solve_repository_9x9(nine):
    for puzzle, expected in nine:
        got = ndoku.solve(puzzle)
        if expected == "unsolvable":
            assert got is None
            continue
        assert got == expected
        assert classic_solution_ok(puzzle, got)
        assert ndoku.Puzzle(puzzle).is_completed_by(ndoku.Puzzle(got))


@pytest.mark.parametrize("size", ["4x4", "16x16"])
def test_solve_other_sizes(size):
    for puzzle, expected in zip(lines(f"{size}.txt"), lines(f"{size}.solutions.txt")):
        got = ndoku.solve(puzzle)
        if expected == "unsolvable":
            assert got is None
        else:
            assert classic_solution_ok(puzzle, got)
            assert ndoku.Puzzle(got).is_solved()


def test_variants_from_fpuzzles():
    for text, expected in zip(lines("variants.jsonl"), lines("variants.solutions.txt")):
        puzzle = ndoku.Puzzle(text)
        outcome = ndoku.Solver().solve(puzzle)
        assert outcome.solved and bool(outcome)
        assert puzzle.is_completed_by(outcome.solution)
        assert outcome.solution.to_line() == expected
        # f-puzzles JSON and links read back as the same puzzle.
        assert ndoku.Puzzle(puzzle.to_fpuzzles()) == puzzle
        assert ndoku.Puzzle(puzzle.to_fpuzzles_link()) == puzzle


# ISS's constraint text: two thermometers and a given on a 4x4, unique.
ISS_4X4 = ".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4.Thermo~R2C4~R2C3.~R4C1_4"


def test_iss_text_is_read():
    puzzle = ndoku.Puzzle(ISS_4X4)
    assert puzzle.size == 4 and not puzzle.is_classic
    assert ndoku.count(ISS_4X4, 2) == 1
    solution = ndoku.Solver().solve(puzzle).solution
    assert puzzle.is_completed_by(solution)
    rows = [[solution.get(r, c) for c in range(4)] for r in range(4)]
    assert rows[0] == sorted(rows[0]) and rows[1][3] < rows[1][2]
    assert classic_solution_ok("." * 16, solution.to_line())
    with pytest.raises(ndoku.ParseError, match='unsupported constraint "NFA"'):
        ndoku.Puzzle(".Shape~4x4.NFA~x")


def test_formats_read_back(nine):
    puzzle = ndoku.Puzzle(nine[0][0])
    assert ndoku.Puzzle(puzzle.to_grid()) == puzzle
    assert ndoku.Puzzle(puzzle.to_tokens()) == puzzle
    assert ndoku.read(str(puzzle)) == puzzle
    assert ndoku.Puzzle.from_cells(puzzle.cells) == puzzle
    assert puzzle.size == 9 and puzzle.box_shape == (3, 3) and puzzle.is_classic
    assert puzzle.givens == sum(1 for c in nine[0][0] if c != ".")
    assert puzzle.get(0, 0) == int(nine[0][0][0])
    changed = puzzle.with_value(0, 2, 0)
    assert changed.get(0, 2) is None and puzzle.get(0, 2) is None


def test_count(nine):
    assert ndoku.count(nine[0][0]) == 1
    assert ndoku.count(nine[1][0]) == 0
    assert ndoku.count("." * 16, 10) == 10  # the empty 4x4 has 288
    assert ndoku.count("." * 16, 1000) == 288
    count = ndoku.Solver().count("." * 16, 1000)
    assert count.kind == "exact" and count.found == 288 and count == 288 and int(count) == 288
    assert ndoku.Solver().count(nine[0][0]).is_unique


def test_solutions_are_distinct_and_valid():
    found = ndoku.Solver().solutions("1..." + "." * 12, 5)
    assert len(found) == 5 and len({s.to_line() for s in found}) == 5
    for s in found:
        assert classic_solution_ok("1" + "." * 15, s.to_line())


def test_rate_matches_its_steps():
    rating = ndoku.rate(XWING)
    assert rating.status == "solved" and rating.solved and rating.unique
    assert (rating.er, rating.hardest) == (pytest.approx(3.2), "x-wing")
    assert str(rating) == "3.2 x-wing" and rating.line == "3.2\tx-wing" and rating.tenths == 32
    # The rating is the hardest step of the path, and the path solves the puzzle.
    steps = ndoku.Logic(assume_unique=True).steps(XWING)
    assert max(s.difficulty for s in steps) == pytest.approx(rating.er)
    cells = ndoku.Puzzle(XWING).cells
    for step in steps:
        for row, col, value in step.placements:
            assert cells[row * 9 + col] == 0
            cells[row * 9 + col] = value
        assert step.explanation and str(step) == step.explanation
    solved = "".join(map(str, cells))
    assert classic_solution_ok(XWING, solved) and solved == ndoku.solve(XWING)


def test_rate_verdicts(nine):
    assert ndoku.rate(nine[1][0]).status == "unsolvable"
    multiple = ndoku.rate("1" + "." * 80)
    assert multiple.status == "multiple" and multiple.er is None and multiple.line == "multiple"


def test_hints_lead_to_the_solution(nine):
    puzzle, solution = nine[0]
    game = ndoku.Game(puzzle)
    for _ in range(81):
        hint = game.hint()
        if hint.kind == "solved":
            break
        assert hint.kind == "step", str(hint)
        for row, col, value in hint.step.placements:
            assert int(solution[row * 9 + col]) == value
            game.enter(row, col, value)
        for row, col, value in hint.step.eliminations:
            marks = [v for v in game.candidates(row, col) if v != value]
            game.set_candidates(row, col, marks)
    assert "".join(map(str, game.grid)) == solution


def test_hints_come_in_three_levels(nine):
    game = ndoku.Game(nine[0][0])
    hint = game.hint()
    assert hint.kind == "step"
    where, technique, move = (hint.describe(level) for level in (1, 2, 3))
    assert where.startswith("look at "), where
    assert hint.step.technique in technique, technique
    assert move == hint.step.explanation == hint.describe()
    # Each house named at level 1 is one the step rests on.
    for house in hint.step.houses:
        assert house.split()[0] in ("row", "column", "box"), house
    assert hint.step.houses or hint.step.cells
    with pytest.raises(ValueError, match="hint level 4"):
        hint.describe(4)


def test_hint_names_mistakes(nine):
    puzzle, solution = nine[0]
    game = ndoku.Game(puzzle)
    cell = puzzle.index(".")
    row, col = divmod(cell, 9)
    wrong = next(v for v in range(1, 10) if v != int(solution[cell]))
    game.enter(row, col, wrong)
    hint = game.hint()
    assert hint.kind == "mistakes" and hint.entries == [(row, col)]
    assert game.undo() and game.value(row, col) is None
    assert game.hint().kind == "step"


# ISS's "0-indexed: 6x6": values 0 to 5, and its recorded solution.
SIX_FROM_ZERO = ".~R1C5_3~R2C2_0~R2C4_2~R2C6_4~R3C4_1~R4C3_2~R5C1_5~R5C3_1~R5C5_4~R6C2_4.Shape~6x6~0-5"
SIX_SOLUTION = "214035305214430152152403521340043521"
# ISS's "0-indexed: Classic sudoku".
CLASSIC_FROM_ZERO = (
    ".Shape~9x9~0-8.~R1C1_4~R1C2_2~R1C5_6~R2C1_5~R2C4_0~R2C5_8~R2C6_4~R3C2_8~R3C3_7~R3C8_5"
    "~R4C1_7~R4C5_5~R4C9_2~R5C1_3~R5C4_7~R5C6_2~R5C9_0~R6C1_6~R6C5_1~R6C9_5~R7C2_5~R7C7_1"
    "~R7C8_7~R8C4_3~R8C5_0~R8C6_8~R8C9_4~R9C5_7~R9C8_6~R9C9_8"
)


def test_steps_of_a_puzzle_from_zero_say_their_first_value():
    puzzle = ndoku.Puzzle(SIX_FROM_ZERO)
    steps = ndoku.Logic(assume_unique=True).steps(puzzle)
    placed = 0
    for step in steps:
        # Values as Puzzle.cells holds them, 1 to 6; shown from first_value.
        assert step.first_value == 0, step
        for row, col, value in step.placements:
            shown = value - 1 + step.first_value
            assert str(shown) == SIX_SOLUTION[row * 6 + col], step
            if step.technique in ("hidden single", "naked single", "full house"):
                assert str(shown) in step.explanation.replace(",", " ").split(), step
            placed += 1
    assert placed == 36 - puzzle.givens
    assert puzzle.first_value == 0 and ndoku.Puzzle(XWING).first_value == 1
    assert all(s.first_value == 1 for s in ndoku.Logic(assume_unique=True).steps(XWING))
    # A 9x9 from 0 (read through the shared classic rules) and a grid of
    # its values keep writing from 0.
    nine = ndoku.Puzzle(CLASSIC_FROM_ZERO)
    assert str(nine).startswith("42..6....5..084"), str(nine)
    assert nine.first_value == 0 and ndoku.Logic().steps(nine)[0].first_value == 0
    assert str(puzzle.with_cells([int(d) + 1 for d in SIX_SOLUTION])) == SIX_SOLUTION
    # A game's pencil marks print from 0, and read back.
    game = ndoku.Game(puzzle)
    game.set_candidates(0, 0, [2, 3])
    line = game.candidate_line()
    assert line.startswith(".12...") and "6" not in line, line
    back = ndoku.Game(puzzle, line)
    assert back.candidate_line() == line and back.candidates(0, 0) == [2, 3]
    assert back.hint().step.first_value == 0


def test_generate_classic():
    made = ndoku.generate(9, seed=7)
    assert made.puzzle.is_completed_by(made.solution)
    assert classic_solution_ok(made.puzzle.to_line(), made.solution.to_line())
    assert ndoku.count(made.puzzle) == 1
    assert made.level in ("easy", "medium", "hard")
    again = ndoku.Generator(9, seed=7).generate()
    assert again.puzzle == made.puzzle and again.solution == made.solution
    easy = ndoku.generate(9, seed=3, level="easy", givens=30, attempts=200)
    assert easy.level == "easy" and easy.puzzle.givens == 30
    assert ndoku.count(easy.puzzle) == 1


def test_generate_variants():
    six = ndoku.generate(6, seed=1)
    assert six.puzzle.box_shape == (2, 3)
    assert classic_solution_ok(six.puzzle.to_line(), six.solution.to_line())
    x = ndoku.Generator(6, seed=2, diagonals=True).generate()
    assert not x.puzzle.is_classic and x.puzzle.is_completed_by(x.solution)
    sol = x.solution.cells
    assert sorted(sol[i * 6 + i] for i in range(6)) == list(range(1, 7))
    assert sorted(sol[i * 6 + 5 - i] for i in range(6)) == list(range(1, 7))
    assert ndoku.Solver().count(x.puzzle).is_unique
    jig = ndoku.Generator(6, seed=3, jigsaw=True).generate()
    assert jig.puzzle.box_shape is None and jig.puzzle.is_completed_by(jig.solution)


def test_generator_batch_is_the_sequence():
    gen = ndoku.Generator(4, seed=11)
    batch = gen.batch(6, start=2)
    assert [g.index for g in batch] == list(range(2, 8))
    for g in batch:
        assert g.puzzle == gen.nth(g.index).puzzle
        assert ndoku.count(g.puzzle) == 1


def test_errors_carry_ndoku_messages():
    with pytest.raises(ndoku.ParseError, match="invalid character 'x' at row 1, column 3"):
        ndoku.solve("12x4............")
    with pytest.raises(ValueError):  # ParseError is a ValueError too
        ndoku.Puzzle("12345")
    with pytest.raises(ndoku.RulesError):
        ndoku.Puzzle("11..............")
    with pytest.raises(ndoku.ParseError, match="unsupported constraint"):
        ndoku.Puzzle('{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"columnindexer":[{"cells":["R1C1","R1C2"]}]}')
    game = ndoku.Game("1" + "." * 15)
    with pytest.raises(ndoku.GameError, match="R1C1 is a given"):
        game.enter(0, 0, 2)
    with pytest.raises(ndoku.GameError):
        game.enter(9, 0, 1)
    with pytest.raises(ndoku.LogicError, match="too large for logic"):
        ndoku.Logic().rate("." * (81 * 81))
    with pytest.raises(ndoku.GenerateError):
        ndoku.generate(9, seed=1, givens=17, attempts=1)
    with pytest.raises(ndoku.ParseError, match="symmetry"):
        ndoku.Generator(9, symmetry="spiral")
    with pytest.raises(TypeError):
        ndoku.solve(42)
    for cls in (ndoku.ParseError, ndoku.RulesError, ndoku.GameError, ndoku.LogicError,
                ndoku.GenerateError, ndoku.GaveUpError):
        assert issubclass(cls, ndoku.NdokuError)


def test_budgets():
    # The empty 9x9 has about 6.7e21 solutions: a node budget must stop the count.
    solver = ndoku.Solver(max_nodes=1000)
    count = solver.count(EMPTY_9, 10**12)
    assert count.kind == "gave_up" and not count.is_complete and count.found > 0
    assert solver.stats["guesses"] <= 1000
    with pytest.raises(ndoku.GaveUpError):
        ndoku.count(EMPTY_9, 10**12, max_nodes=1000)
    # A time limit of zero stops a search that cannot finish.
    timed = ndoku.Solver(time_limit=0.0).count("." * 625, 10**12)
    assert timed.kind == "gave_up"
    assert ndoku.Solver(max_nodes=0).solve("." * 256).status in ("solved", "gave_up")
    with pytest.raises(ValueError):
        ndoku.Solver(time_limit=-1.0)
    seeded = [ndoku.solve(EMPTY_9, seed=s) for s in (1, 2)]
    for s in seeded:
        assert classic_solution_ok(EMPTY_9, s)
    assert ndoku.solve(EMPTY_9, seed=1) == seeded[0]  # a seed is reproducible


def test_batch_results_are_aligned(nine):
    good = [p for p, _ in nine]
    batch = [good[0], "12x4............", good[1], "", good[2], ndoku.Puzzle(good[3]),
             "11..............", json.dumps({"size": 4})]
    for threads in (None, 1, 2):
        results = ndoku.solve_many(batch, threads=threads)
        assert len(results) == len(batch)
        assert results[0] == ndoku.solve(good[0])
        assert isinstance(results[1], ndoku.ParseError) and "invalid character" in str(results[1])
        assert results[2] is None  # unsolvable
        assert isinstance(results[3], ndoku.ParseError)
        assert classic_solution_ok(good[2], results[4])
        assert classic_solution_ok(good[3], results[5])
        assert isinstance(results[6], ndoku.RulesError)
        assert isinstance(results[7], ndoku.ParseError)
    counts = ndoku.count_many(good + ["x"], 2)
    assert counts[:-1] == [ndoku.count(p) for p in good] and isinstance(counts[-1], ndoku.NdokuError)
    gave_up = ndoku.solve_many([EMPTY_9[:-1] + "1"] * 2, max_nodes=0)
    assert all(isinstance(r, (str, ndoku.GaveUpError)) for r in gave_up)


def test_rate_many_matches_rate(nine):
    batch = [p for p, _ in nine] + ["not a puzzle"]
    ratings = ndoku.rate_many(batch)
    for puzzle, rating in zip(batch, ratings):
        if puzzle == "not a puzzle":
            assert isinstance(rating, ndoku.ParseError)
        else:
            one = ndoku.rate(puzzle)
            assert (rating.status, rating.er, rating.line) == (one.status, one.er, one.line)
    with pytest.raises(ValueError, match="list of puzzles"):
        ndoku.rate_many("....")
