#!/usr/bin/python3
"""ctest entry (k8s_manifests): the manifests in deploy/kubernetes validate against the
Kubernetes API schema and the sweep's rules (scripts/kubernetes/manifests.py), the validator
rejects broken variants of them, and their pods, run locally, execute exactly the commands of
contracts.md section 10. Exit 77 (skipped) without Debian's python3-kubernetes, a failure
under CI (set and not "false"/"0"), where scripts/bootstrap.sh installs it."""

import copy
import os
import stat
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEPLOY = os.path.join(REPO, "deploy", "kubernetes")
sys.path.insert(0, os.path.join(REPO, "scripts", "kubernetes"))
import manifests  # noqa: E402

FILES = [os.path.join(DEPLOY, f) for f in ("sweep-volume.yaml", "sweep-shards.yaml",
                                           "sweep-merge.yaml")]


def documents():
    return manifests.load(FILES)


def shards_job(docs):
    return next(d for _, d in docs if d.get("spec", {}).get("completionMode") == "Indexed")


def merge_job(docs):
    return next(d for _, d in docs if d.get("kind") == "Job"
                and d["spec"].get("completionMode") != "Indexed")


def container(job):
    return job["spec"]["template"]["spec"]["containers"][0]


class Manifests(unittest.TestCase):
    def assert_rejected(self, docs, expected):
        errors = manifests.validate(docs)
        self.assertTrue(any(expected in e for e in errors),
                        f"expected an error containing {expected!r}, got {errors}")

    def test_deployed_manifests_are_valid(self):
        docs = documents()
        self.assertEqual(manifests.validate(docs), [])
        self.assertEqual(len(docs), 3)

    def test_shards_job_is_indexed_with_the_index_as_shard(self):
        job = shards_job(documents())
        spec = job["spec"]
        self.assertEqual(job["apiVersion"], "batch/v1")
        self.assertEqual(spec["completionMode"], "Indexed")
        self.assertGreaterEqual(spec["completions"], 2)
        self.assertTrue(1 <= spec["parallelism"] <= spec["completions"])
        self.assertEqual(spec["template"]["spec"]["restartPolicy"], "Never")
        env = manifests.env_of(container(job))
        self.assertEqual(env["JOB_COMPLETION_INDEX"]["valueFrom"]["fieldRef"]["fieldPath"],
                         manifests.INDEX_ANNOTATION)

    def test_unknown_field_is_rejected_with_its_path(self):
        docs = documents()
        container(shards_job(docs))["imag"] = container(shards_job(docs)).pop("image")
        self.assert_rejected(docs, "spec.template.spec.containers[0].imag: not a field of V1Container")

    def test_misspelt_completion_mode_is_rejected(self):
        docs = documents()
        spec = shards_job(docs)["spec"]
        spec["completionMod"] = spec.pop("completionMode")
        self.assert_rejected(docs, "spec.completionMod: not a field of V1JobSpec")
        self.assert_rejected(docs, "exactly one Job must have completionMode Indexed")

    def test_wrong_type_is_rejected(self):
        docs = documents()
        shards_job(docs)["spec"]["completions"] = "8"
        self.assert_rejected(docs, "spec.completions: expected int, got str")

    def test_missing_required_field_is_rejected(self):
        docs = documents()
        del shards_job(docs)["spec"]["template"]["spec"]["containers"]
        self.assert_rejected(docs, "Invalid value for `containers`, must not be `None`")

    def test_restart_policy_other_than_never_is_rejected(self):
        docs = documents()
        merge_job(docs)["spec"]["template"]["spec"]["restartPolicy"] = "OnFailure"
        self.assert_rejected(docs, "restartPolicy must be Never")

    def test_shard_count_must_match_completions(self):
        docs = documents()
        shards_job(docs)["spec"]["completions"] += 1
        self.assert_rejected(docs, "TESSERA_SHARDS is 8 but completions is 9")

    def test_index_must_come_from_the_completion_index(self):
        docs = documents()
        manifests.env_of(container(shards_job(docs)))["JOB_COMPLETION_INDEX"]["valueFrom"][
            "fieldRef"]["fieldPath"] = "metadata.name"
        self.assert_rejected(docs, "must take JOB_COMPLETION_INDEX from")

    def test_undefined_claim_is_rejected(self):
        docs = documents()
        shards_job(docs)["spec"]["template"]["spec"]["volumes"][0][
            "persistentVolumeClaim"]["claimName"] = "elsewhere"
        self.assert_rejected(docs, "claims elsewhere, which no manifest defines")

    def test_pods_run_locally_execute_the_contract_commands(self):
        docs = documents()
        shards = shards_job(docs)
        count = shards["spec"]["completions"]
        user_args = container(shards)["args"]
        with tempfile.TemporaryDirectory() as work:
            log = os.path.join(work, "calls")
            cli = os.path.join(work, "tessera-cli")
            with open(cli, "w", encoding="utf-8") as stream:
                stream.write('#!/bin/sh\nprintf "%s\\n" "$*" >>"$TESSERA_TEST_CALLS"\n')
            os.chmod(cli, stat.S_IRWXU)
            volume = os.path.join(work, "volume")
            status = subprocess.run(
                [sys.executable, manifests.__file__, "run-locally", "--volume", volume,
                 "--cli", cli, *FILES], env={**os.environ, "TESSERA_TEST_CALLS": log},
                capture_output=True, text=True, check=False)
            self.assertEqual(status.returncode, 0, status.stderr)
            with open(log, encoding="utf-8") as stream:
                calls = stream.read().splitlines()
            out = os.path.join(volume, "out")
            self.assertTrue(os.path.isdir(out), "the shard pods create the output directory")
        args = " ".join(a.replace("/sweep", volume) for a in user_args)
        expected = [f"simulate {args} --shard {i}/{count} --db {out}/shard-{i}.sqlite"
                    for i in range(count)]
        shard_files = " ".join(f"{out}/shard-{i}.sqlite" for i in range(count))
        expected.append(f"merge --out {out}/study.sqlite --csv {out}/grid.csv {shard_files}")
        self.assertEqual(calls, expected)

    def test_failing_pod_stops_the_local_run(self):
        with tempfile.TemporaryDirectory() as work:
            cli = os.path.join(work, "tessera-cli")
            with open(cli, "w", encoding="utf-8") as stream:
                stream.write('#!/bin/sh\ncase "$*" in *"--shard 2/"*) exit 3;; esac\n')
            os.chmod(cli, stat.S_IRWXU)
            status = subprocess.run(
                [sys.executable, manifests.__file__, "run-locally", "--volume", work,
                 "--cli", cli, *FILES], capture_output=True, text=True, check=False)
        self.assertEqual(status.returncode, 1)
        self.assertIn("tessera-sweep-shards pod 2 failed with exit status 3", status.stderr)
        self.assertNotIn("tessera-sweep-merge pod", status.stdout)


def main():
    if manifests.k8s is None:
        ci = os.environ.get("CI", "")
        message = "the Kubernetes schema is missing: install Debian's python3-kubernetes"
        if ci and ci not in ("false", "0"):
            print(f"tst_k8s_manifests: FAILED under CI: {message}", file=sys.stderr)
            return 1
        print(f"tst_k8s_manifests: SKIPPED: {message}", file=sys.stderr)
        return 77
    result = unittest.main(exit=False, verbosity=2).result
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
