import App

// The `graft` users run: the app with nothing at its state points. The app is the App library,
// so that tests call it in process, and a test-only executable (Tests/PausingGraft) can stop
// at those points without the hook being in this binary.
await Graft.main()
