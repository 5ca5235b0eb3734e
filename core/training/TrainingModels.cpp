#include "training/TrainingModels.h"

#include <algorithm>
#include <cctype>

namespace tessera {

namespace {

bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// Models whose work the traces give in seconds (Synergy/Shockwave and the synthetic, B1), and
// the Gavel and Pollux names, whose throughput tables are not provided: 1 s per iteration.
const std::vector<TrainingModel>& secondsModels()
{
    static const std::vector<TrainingModel> models{
        // Synergy / Shockwave (blox job_state::_get_perfclass).
        {"alexnet", JobClass::A, 1},
        {"res18", JobClass::C, 1},
        {"res50", JobClass::A, 1},
        {"mobilenet", JobClass::D, 1},
        {"shufflenet", JobClass::D, 1},
        {"lstm", JobClass::D, 1},
        {"transformer", JobClass::B, 1},
        {"gnmt", JobClass::B, 1},
        {"deepspeech", JobClass::B, 1},
        // Gavel job types: the architecture's Synergy class; others the reference's default B.
        {"ResNet-18", JobClass::C, 1},
        {"ResNet-50", JobClass::A, 1},
        {"LM", JobClass::D, 1},
        {"Recommendation", JobClass::B, 1},
        {"A3C", JobClass::B, 1},
        {"CycleGAN", JobClass::B, 1},
        // Pollux applications: cifar10 trains ResNet-18, imagenet ResNet-50.
        {"cifar10", JobClass::C, 1},
        {"imagenet", JobClass::A, 1},
        {"deepspeech2", JobClass::B, 1},
        {"ncf", JobClass::B, 1},
        {"yolov3", JobClass::B, 1},
    };
    return models;
}

}  // namespace

const std::vector<TrainingModel>& palModels()
{
    static const std::vector<TrainingModel> models{
        {"resnet50", JobClass::A, 0.17540429367763434},
        {"vgg19", JobClass::C, 0.300610341},
        {"PointNet", JobClass::D, 0.28125},
        {"GPT2", JobClass::B, 3.5714},
        {"DCGAN", JobClass::B, 0.0469266931},
        {"BERT", JobClass::B, 0.179},
    };
    return models;
}

std::optional<TrainingModel> findTrainingModel(std::string_view name)
{
    for (const auto* table : {&palModels(), &secondsModels()})
        for (const auto& model : *table)
            if (sameIgnoringCase(model.name, name))
                return model;
    return std::nullopt;
}

}  // namespace tessera
