#pragma once

#include "io/InputFile.h"
#include "run/RunInputs.h"
#include "training/rent/BoaBudgetFit.h"
#include "training/rent/RentalWorkload.h"

#include <string>
#include <vector>

namespace tessera {

// The loaded inputs of a training-rent run: the rental workload (job types with speedups, jobs
// with sizes) and how BOA is held to the budget on it: a finite trace fits the solver's budget
// to the simulated span (BoaBudgetRule::SpanFitted), a long-run stream solves analytically.
class TrainingRentalInputs final : public RunInputs {
public:
    TrainingRentalInputs(std::string traceName, RentalWorkload workload, BoaBudgetRule boaRule,
                         std::vector<InputFile> files = {})
        : traceName_(std::move(traceName)), workload_(std::move(workload)), boaRule_(boaRule), files_(std::move(files))
    {
        validateRentalWorkload(workload_);
    }

    const std::vector<InputFile>& inputFiles() const override { return files_; }
    const std::string& traceName() const { return traceName_; }
    const RentalWorkload& workload() const { return workload_; }
    BoaBudgetRule boaRule() const { return boaRule_; }

private:
    std::string traceName_;
    RentalWorkload workload_;
    BoaBudgetRule boaRule_;
    std::vector<InputFile> files_;
};

}  // namespace tessera
