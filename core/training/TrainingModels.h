#pragma once

// What a job's model name says about it (training-boa-pal.md B1): its variability class and
// the seconds of one iteration. One table for every loader and the generator.

#include "training/JobClass.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

struct TrainingModel {
    std::string name;
    JobClass jobClass;
    double iterationS;  // 1 s where no measured time is known: the trace's work is then seconds
};

// PAL's six Sia-Philly models with their measured iteration times (the reviewer's unrounded
// values where known), in the B1 table's order.
const std::vector<TrainingModel>& palModels();

// The model, matched without regard to case, among: PAL's six; the Synergy/Shockwave models
// (alexnet, res18, res50, mobilenet, shufflenet, lstm, transformer, gnmt, deepspeech) at 1 s;
// Gavel's job types (the part before " (batch size N)": ResNet-18, ResNet-50, Transformer, LM,
// Recommendation, A3C, CycleGAN) and Pollux's applications (bert, cifar10, deepspeech2,
// imagenet, ncf, yolov3), mapped to the class of the architecture they train [inferred], at 1 s.
// Empty for any other name.
std::optional<TrainingModel> findTrainingModel(std::string_view name);

// The reference's rule for a model it does not know (blox job_state::_get_perfclass): class B.
constexpr JobClass kUnknownModelClass = JobClass::B;

}  // namespace tessera
