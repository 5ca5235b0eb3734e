#pragma once

namespace tessera::cli {

// Each returns the process exit code (contracts.md 3.4); errors propagate as exceptions
// that main() maps to codes 1, 2 and 3.
int simulateCommand(int argc, char** argv);
int runsCommand(int argc, char** argv);
int generateCommand(int argc, char** argv);
int generateScenarioCommand(int argc, char** argv);
int generateJobsCommand(int argc, char** argv);
int chartCommand(int argc, char** argv);
int inferenceCommand(int argc, char** argv);
int trainingCommand(int argc, char** argv);
int migLayoutsCommand(int argc, char** argv);
int migPredictorCommand(int argc, char** argv);
int mergeCommand(int argc, char** argv);

}  // namespace tessera::cli
