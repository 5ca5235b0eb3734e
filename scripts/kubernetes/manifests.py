#!/usr/bin/python3
"""Checks and runs the Kubernetes manifests of a Tessera sweep without a cluster.

    manifests.py validate FILE.yaml...
        Every document against the Kubernetes API schema, then the sweep's own rules
        (contracts.md section 10, docs/sweeps.md). Exit 0 when clean, 1 with one line per
        problem on stderr.

    manifests.py render --out DIR [--shards N] [--name NAME] FILE.yaml... -- SIMULATE-ARGS...
        The manifests adapted to one sweep, written to DIR under the same file names: the
        shards Job's args replaced by SIMULATE-ARGS (paths as the pods see them, under the
        volume's mount path, e.g. /sweep/inputs/pods.csv), N written in both places it must
        be (completions and TESSERA_SHARDS of both Jobs; parallelism at most N), and with
        --name the Jobs and the claim renamed NAME-shards, NAME-merge and NAME (several
        sweeps side by side). The result is validated before it is written.

    manifests.py run-locally --volume DIR [--cli PATH] [--jobs K] SHARDS.yaml MERGE.yaml
        A dry run on this machine: runs every pod of the shards Job (index 0..N-1, K at a
        time, default 1, at most the Job's parallelism), then the merge Job, each with the container's own command, arguments and
        environment, the shared volume's mount path mapped to DIR and `tessera-cli` to PATH
        (default: $TESSERA_CLI, else the checkout's build/app/tessera-cli).

The schema is the one Debian's python3-kubernetes package (22.6, Kubernetes API 1.22) was
generated from: each model class lists its fields (attribute_map: Python name -> JSON name),
their types (openapi_types) and rejects a missing required field in its constructor. A field
the schema does not know, a value of the wrong type or a missing required field is reported
with its path (e.g. "spec.template.spec.containers[0].imag"). kubectl cannot do this offline:
its client-side validation downloads the schema from a cluster. Runs on Debian's python3
(/usr/bin/python3), where the package is installed.
"""

import argparse
import copy
import os
import re
import shutil
import subprocess
import sys

import yaml

try:
    import kubernetes
    import kubernetes.client as k8s
except ImportError:  # reported by main(): exit 77, for the test to skip or fail under CI
    kubernetes = k8s = None

# The kinds a sweep's manifests use: (apiVersion, kind) -> model class name.
KINDS = {
    ("batch/v1", "Job"): "V1Job",
    ("v1", "PersistentVolumeClaim"): "V1PersistentVolumeClaim",
}

# Where an Indexed Job's pod finds its index (Kubernetes documents this annotation).
INDEX_ANNOTATION = "metadata.annotations['batch.kubernetes.io/job-completion-index']"

PRIMITIVES = {"str": (str,), "int": (int,), "bool": (bool,), "float": (int, float),
              "object": (object,), "datetime": (str,), "date": (str,)}


def schema_errors(value, type_name, path):
    """Problems of value against the schema type type_name (a model name or an OpenAPI
    primitive, list[...] or dict(str, ...))."""
    list_match = re.fullmatch(r"list\[(.+)\]", type_name)
    if list_match:
        if not isinstance(value, list):
            return [f"{path}: expected a list, got {type(value).__name__}"]
        return [e for i, item in enumerate(value)
                for e in schema_errors(item, list_match.group(1), f"{path}[{i}]")]
    dict_match = re.fullmatch(r"dict\(str, (.+)\)", type_name)
    if dict_match:
        if not isinstance(value, dict):
            return [f"{path}: expected a map, got {type(value).__name__}"]
        return [e for key, item in value.items()
                for e in schema_errors(item, dict_match.group(1), f"{path}.{key}")]
    if type_name in PRIMITIVES:
        ok = isinstance(value, PRIMITIVES[type_name])
        if type_name in ("int", "float") and isinstance(value, bool):
            ok = False  # YAML true is not a number
        return [] if ok else [f"{path}: expected {type_name}, got {type(value).__name__} {value!r}"]
    model = getattr(k8s, type_name)
    if not isinstance(value, dict):
        return [f"{path}: expected a {type_name} object, got {type(value).__name__}"]
    by_json = {json: python for python, json in model.attribute_map.items()}
    errors = []
    for key, item in value.items():
        where = f"{path}.{key}" if path else key
        if key not in by_json:
            errors.append(f"{where}: not a field of {type_name}")
        else:
            errors += schema_errors(item, model.openapi_types[by_json[key]], where)
    if not errors:
        # The constructor raises on a missing required field (client-side validation).
        try:
            model(**{by_json[key]: item for key, item in value.items()})
        except ValueError as error:
            errors.append(f"{path or type_name}: {error}")
    return errors


def document_errors(document, name):
    if not isinstance(document, dict):
        return [f"{name}: not a Kubernetes object"]
    kind = (document.get("apiVersion"), document.get("kind"))
    if kind not in KINDS:
        return [f"{name}: {kind[0]} {kind[1]} is not a kind of a sweep's manifests "
                f"({', '.join(f'{a} {k}' for a, k in KINDS)})"]
    return [f"{name}: {e}" for e in schema_errors(document, KINDS[kind], "")]


def env_of(container):
    return {e.get("name"): e for e in container.get("env", [])}


def job_rules(job, name, claims):
    """The sweep's own rules for a Job, on top of the schema."""
    errors = []
    spec = job.get("spec", {})
    pod = spec.get("template", {}).get("spec", {})
    if pod.get("restartPolicy") != "Never":
        errors.append(f"{name}: spec.template.spec.restartPolicy must be Never (a failed "
                      "task is retried as a new pod by the Job, never restarted in place)")
    for volume in pod.get("volumes", []):
        claim = volume.get("persistentVolumeClaim", {}).get("claimName")
        if claim is not None and claims is not None and claim not in claims:
            errors.append(f"{name}: volume {volume.get('name')} claims {claim}, which no "
                          "manifest defines")
    for container in pod.get("containers", []):
        shards = env_of(container).get("TESSERA_SHARDS", {}).get("value")
        if shards is None:
            errors.append(f"{name}: container {container.get('name')} has no TESSERA_SHARDS")
        elif spec.get("completionMode") == "Indexed" and shards != str(spec.get("completions")):
            errors.append(f"{name}: TESSERA_SHARDS is {shards} but completions is "
                          f"{spec.get('completions')}: they must be equal")
    if spec.get("completionMode") == "Indexed":
        for container in pod.get("containers", []):
            index = env_of(container).get("JOB_COMPLETION_INDEX", {})
            path = index.get("valueFrom", {}).get("fieldRef", {}).get("fieldPath")
            if path != INDEX_ANNOTATION:
                errors.append(f"{name}: container {container.get('name')} must take "
                              f"JOB_COMPLETION_INDEX from {INDEX_ANNOTATION}")
        if not isinstance(spec.get("parallelism"), int) or spec.get("parallelism", 0) < 1:
            errors.append(f"{name}: spec.parallelism must be a positive number")
    return errors


def load(paths):
    documents = []
    for path in paths:
        with open(path, encoding="utf-8") as stream:
            for number, document in enumerate(yaml.safe_load_all(stream)):
                if document is not None:
                    documents.append((f"{path}#{number}", document))
    return documents


def validate(documents):
    errors = []
    for name, document in documents:
        errors += document_errors(document, name)
    claims = {d.get("metadata", {}).get("name") for _, d in documents
              if isinstance(d, dict) and d.get("kind") == "PersistentVolumeClaim"}
    jobs = [(n, d) for n, d in documents if isinstance(d, dict) and d.get("kind") == "Job"]
    for name, job in jobs:
        errors += job_rules(job, name, claims or None)
    indexed = [(n, j) for n, j in jobs if j.get("spec", {}).get("completionMode") == "Indexed"]
    if jobs and len(indexed) != 1:
        errors.append(f"exactly one Job must have completionMode Indexed (the shards), "
                      f"{len(indexed)} do")
    return errors


def pod_argv(job, index, volume, cli):
    """The command one pod of job runs, as run locally: the shared volume's mount path
    replaced by volume, tessera-cli by cli; and its environment."""
    pod = job["spec"]["template"]["spec"]
    container = pod["containers"][0]
    mounts = {m["mountPath"] for m in container.get("volumeMounts", [])}
    env = {}
    for name, entry in env_of(container).items():
        if "value" in entry:
            env[name] = entry["value"]
        elif entry.get("valueFrom", {}).get("fieldRef", {}).get("fieldPath") == INDEX_ANNOTATION:
            env[name] = str(index)

    def local(word):
        for mount in mounts:
            word = word.replace(mount, volume)
        return cli if word == "tessera-cli" else word.replace("exec tessera-cli", f"exec {cli}")

    argv = [local(w) for w in container.get("command", []) + container.get("args", [])]
    return argv, env


def run_locally(documents, volume, cli, jobs_at_once=1):
    """Each pod of the shards Job, up to jobs_at_once (at most the Job's parallelism) at a time
    in index order, then the merge pod; none is started after one has failed."""
    jobs = [d for _, d in documents if d.get("kind") == "Job"]
    shards = [j for j in jobs if j["spec"].get("completionMode") == "Indexed"]
    others = [j for j in jobs if j["spec"].get("completionMode") != "Indexed"]
    for job in shards + others:
        name = job["metadata"]["name"]
        count = job["spec"].get("completions", 1) if job in shards else 1
        width = max(1, min(jobs_at_once, job["spec"].get("parallelism", 1)))
        running, failed = [], None
        for index in range(count):
            argv, env = pod_argv(job, index, volume, cli)
            print(f"== {name} pod {index}: {' '.join(argv)}", flush=True)
            running.append((index, subprocess.Popen(argv, env={**os.environ, **env})))
            while running and (len(running) >= width or index == count - 1 or failed):
                done, process = running.pop(0)
                status = process.wait()
                if status != 0 and failed is None:
                    failed = (done, status)
            if failed:
                break
        for _, process in running:
            process.wait()
        if failed:
            print(f"{name} pod {failed[0]} failed with exit status {failed[1]}", file=sys.stderr)
            return 1
    return 0


def render(documents, shards, args, name=None):
    """The documents adapted to one sweep (see `render` in the module's help): a deep copy."""
    documents = copy.deepcopy(documents)
    jobs = [d for _, d in documents if d.get("kind") == "Job"]
    for job in jobs:
        spec = job["spec"]
        if spec.get("completionMode") == "Indexed":
            spec["completions"] = shards
            spec["parallelism"] = min(spec.get("parallelism", shards), shards)
            spec["template"]["spec"]["containers"][0]["args"] = list(args)
        for container in spec["template"]["spec"]["containers"]:
            entry = env_of(container).get("TESSERA_SHARDS")
            if entry is not None:
                entry["value"] = str(shards)
    if name:
        for _, document in documents:
            kind = document.get("kind")
            if kind == "PersistentVolumeClaim":
                document["metadata"]["name"] = name
            elif kind == "Job":
                indexed = document["spec"].get("completionMode") == "Indexed"
                document["metadata"]["name"] = f"{name}-{'shards' if indexed else 'merge'}"
                for volume in document["spec"]["template"]["spec"].get("volumes", []):
                    if "persistentVolumeClaim" in volume:
                        volume["persistentVolumeClaim"]["claimName"] = name
    return documents


def write(documents, paths, out):
    """Each document to out/ under the base name of the file it came from (name#number)."""
    os.makedirs(out, exist_ok=True)
    by_file = {}
    for name, document in documents:
        by_file.setdefault(name.rsplit("#", 1)[0], []).append(document)
    written = []
    for path in paths:
        target = os.path.join(out, os.path.basename(path))
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(f"# Rendered by scripts/kubernetes/manifests.py render from {os.path.basename(path)}\n")
            yaml.safe_dump_all(by_file.get(path, []), stream, sort_keys=False)
        written.append(target)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("validate")
    check.add_argument("files", nargs="+")
    run = commands.add_parser("run-locally")
    run.add_argument("--volume", required=True)
    run.add_argument("--cli", default=os.environ.get("TESSERA_CLI") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "app", "tessera-cli"))
    run.add_argument("--jobs", type=int, default=1,
                     help="pods run at once (at most the Job's parallelism; default 1)")
    run.add_argument("files", nargs="+")
    shape = commands.add_parser("render")
    shape.add_argument("--out", required=True)
    shape.add_argument("--shards", type=int)
    shape.add_argument("--name")
    shape.add_argument("files", nargs="+")
    argv = sys.argv[1:]
    simulate_args = []
    if "--" in argv:
        simulate_args = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    options = parser.parse_args(argv)
    if options.command == "render" and not simulate_args:
        parser.error("render needs the simulate arguments after --")
    if options.command == "render" and options.shards is not None and options.shards < 1:
        parser.error("--shards must be at least 1")
    if k8s is None:
        print("manifests.py: the Kubernetes schema is missing: install Debian's "
              "python3-kubernetes (scripts/bootstrap.sh does)", file=sys.stderr)
        return 77
    documents = load(options.files)
    errors = validate(documents)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        return 1
    if options.command == "render":
        shards = options.shards
        if shards is None:
            shards = next(d for _, d in documents if d.get("kind") == "Job"
                          and d["spec"].get("completionMode") == "Indexed")["spec"]["completions"]
        rendered = render(documents, shards, simulate_args, options.name)
        errors = validate(rendered)
        for error in errors:
            print(error, file=sys.stderr)
        if errors:
            return 1
        for target in write(rendered, options.files, options.out):
            print(target)
        return 0
    if options.command == "validate":
        print(f"{len(documents)} manifests valid (Kubernetes API schema of python3-kubernetes "
              f"{kubernetes.__version__}, sweep rules)")
        return 0
    volume = os.path.abspath(options.volume)
    if not shutil.which(options.cli):
        print(f"manifests.py: no tessera-cli at {options.cli} (set TESSERA_CLI or --cli)",
              file=sys.stderr)
        return 2
    return run_locally(documents, volume, os.path.abspath(options.cli), options.jobs)


if __name__ == "__main__":
    sys.exit(main())
