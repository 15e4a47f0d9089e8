import App

// graft, plus the test-only pause of TestPause at the state point GRAFT_TEST_PAUSE_AT names:
// what AppTests' PausedGraft runs to interleave processes. Never shipped: the `graft` product is
// Sources/GraftCommand.
await Graft.main(reaching: TestPause.at)
